import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import {
  WorkflowRepository,
  type WorkflowContent,
} from '../../application/ports/workflow.repository.js';
import type { Workflow } from '../../domain/workflow.js';
import { WorkflowEntity } from './workflow.entity.js';
import { toColumns, toWorkflow } from './workflow.mapper.js';
import { isUuid } from '@app/shared';

@Injectable()
export class TypeOrmWorkflowRepository extends WorkflowRepository {
  constructor(
    @InjectRepository(WorkflowEntity)
    private readonly workflows: Repository<WorkflowEntity>,
  ) {
    super();
  }

  async create(accountId: string, id: string, content: WorkflowContent): Promise<Workflow> {
    const saved = await this.workflows.save(
      this.workflows.create({ id, accountId, ...toColumns(content) }),
    );
    return toWorkflow(saved);
  }

  async list(accountId: string, ids?: readonly string[]): Promise<Workflow[]> {
    if (ids !== undefined) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      const entities = await this.workflows.find({
        where: { accountId, id: In(valid) },
        order: { createdAt: 'ASC', id: 'ASC' },
      });
      return entities.map(toWorkflow);
    }
    const entities = await this.workflows.find({
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return entities.map(toWorkflow);
  }

  async find(accountId: string, id: string): Promise<Workflow | null> {
    if (!isUuid(id)) return null;
    const entity = await this.workflows.findOneBy({ id, accountId });
    return entity ? toWorkflow(entity) : null;
  }

  async replace(accountId: string, id: string, content: WorkflowContent): Promise<Workflow | null> {
    if (!isUuid(id)) return null;
    const entity = await this.workflows.findOneBy({ id, accountId });
    if (entity === null) return null;
    return toWorkflow(await this.workflows.save(this.workflows.merge(entity, toColumns(content))));
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.workflows.delete({ id, accountId });
    return (result.affected ?? 0) > 0;
  }
}
