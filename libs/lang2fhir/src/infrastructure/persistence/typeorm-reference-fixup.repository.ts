import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Resource } from '@app/fhir';
import type { Repository } from 'typeorm';
import {
  ReferenceFixupRepository,
  type NewReferenceFixup,
} from '../../application/ports/reference-fixup.repository.js';
import type { ReferenceFixup } from '../../domain/bundle/reference-fixup.js';
import { ReferenceFixupEntity } from './reference-fixup.entity.js';
import { isUuid } from '@app/shared';

function toFixup(entity: ReferenceFixupEntity): ReferenceFixup {
  return {
    id: entity.id,
    accountId: entity.accountId,
    ...(entity.provider ? { provider: entity.provider } : {}),
    ...(entity.onBehalfOf ? { onBehalfOf: entity.onBehalfOf } : {}),
    ...(entity.sealedToken ? { sealedToken: entity.sealedToken } : {}),
    updates: entity.updates as unknown as Resource[],
    status: entity.status,
    updated: entity.updated,
    ...(entity.error ? { error: entity.error } : {}),
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

@Injectable()
export class TypeOrmReferenceFixupRepository extends ReferenceFixupRepository {
  constructor(
    @InjectRepository(ReferenceFixupEntity)
    private readonly fixups: Repository<ReferenceFixupEntity>,
  ) {
    super();
  }

  async create(fixup: NewReferenceFixup): Promise<ReferenceFixup> {
    const saved = await this.fixups.save(
      this.fixups.create({
        id: fixup.id,
        accountId: fixup.accountId,
        provider: fixup.provider ?? null,
        onBehalfOf: fixup.onBehalfOf ?? null,
        sealedToken: fixup.sealedToken ?? null,
        updates: fixup.updates as unknown as Record<string, unknown>[],
        status: 'pending',
        updated: [],
        error: null,
      }),
    );
    return toFixup(saved);
  }

  async findOwned(accountId: string, id: string): Promise<ReferenceFixup | null> {
    if (!isUuid(id)) return null;
    const entity = await this.fixups.findOneBy({ id, accountId });
    return entity ? toFixup(entity) : null;
  }

  async findById(id: string): Promise<ReferenceFixup | null> {
    const entity = await this.fixups.findOneBy({ id });
    return entity ? toFixup(entity) : null;
  }

  async listPending(): Promise<ReferenceFixup[]> {
    const entities = await this.fixups.find({
      where: { status: 'pending' },
      order: { createdAt: 'ASC' },
    });
    return entities.map(toFixup);
  }

  async complete(id: string, updated: string[]): Promise<void> {
    await this.fixups.update(
      { id, status: 'pending' },
      { status: 'completed', updated, sealedToken: null },
    );
  }

  async fail(id: string, reason: string): Promise<void> {
    await this.fixups.update(
      { id, status: 'pending' },
      { status: 'failed', error: reason.slice(0, 2000), sealedToken: null },
    );
  }
}
