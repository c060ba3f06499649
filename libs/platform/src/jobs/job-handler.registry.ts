import { Injectable } from '@nestjs/common';
import { JobHandlerRegistry, type JobHandler } from '@app/shared';

@Injectable()
export class InMemoryJobHandlerRegistry extends JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandler<unknown>>();

  register<T>(handler: JobHandler<T>): void {
    const name = handler.definition.name;
    if (this.handlers.has(name)) throw new Error(`A handler for job ${name} is already registered`);
    this.handlers.set(name, handler);
  }

  find(name: string): JobHandler<unknown> | undefined {
    return this.handlers.get(name);
  }
}
