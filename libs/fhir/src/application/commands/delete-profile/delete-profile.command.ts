import { Command } from '@nestjs/cqrs';

export class DeleteProfileCommand extends Command<void> {
  constructor(readonly id: string) {
    super();
  }
}
