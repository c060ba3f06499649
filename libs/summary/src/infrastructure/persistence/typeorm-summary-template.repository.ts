import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUuid } from '@app/shared';
import type { Repository } from 'typeorm';
import {
  SummaryTemplateRepository,
  type TemplateContent,
} from '../../application/ports/summary-template.repository.js';
import type { SummaryTemplate } from '../../domain/summary-template.js';
import { SummaryTemplateEntity } from './summary-template.entity.js';
import { toSummaryTemplate } from './summary-template.mapper.js';

function columns(
  content: TemplateContent,
): Omit<SummaryTemplateEntity, 'id' | 'accountId' | 'createdAt' | 'updatedAt'> {
  return {
    name: content.name,
    description: content.description,
    template: content.template,
    targetResources: content.targetResources,
    mode: content.mode,
    metadata: content.metadata as unknown as Record<string, unknown>,
  };
}

@Injectable()
export class TypeOrmSummaryTemplateRepository extends SummaryTemplateRepository {
  constructor(
    @InjectRepository(SummaryTemplateEntity)
    private readonly templates: Repository<SummaryTemplateEntity>,
  ) {
    super();
  }

  async create(accountId: string, id: string, content: TemplateContent): Promise<SummaryTemplate> {
    const saved = await this.templates.save(
      this.templates.create({ id, accountId, ...columns(content) }),
    );
    return toSummaryTemplate(saved);
  }

  async listOwned(accountId: string): Promise<SummaryTemplate[]> {
    const entities = await this.templates.find({
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return entities.map(toSummaryTemplate);
  }

  async findOwned(accountId: string, id: string): Promise<SummaryTemplate | null> {
    if (!isUuid(id)) return null;
    const entity = await this.templates.findOneBy({ id, accountId });
    return entity ? toSummaryTemplate(entity) : null;
  }

  async replaceOwned(
    accountId: string,
    id: string,
    content: TemplateContent,
  ): Promise<SummaryTemplate | null> {
    if (!isUuid(id)) return null;
    const entity = await this.templates.findOneBy({ id, accountId });
    if (entity === null) return null;
    return toSummaryTemplate(
      await this.templates.save(this.templates.merge(entity, columns(content))),
    );
  }

  async deleteOwned(accountId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.templates.delete({ id, accountId });
    return (result.affected ?? 0) > 0;
  }
}
