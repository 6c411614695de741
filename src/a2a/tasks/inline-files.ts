import { Injectable } from '@nestjs/common';
import type { Message, Part } from '@a2a-js/sdk';
import { type Principal } from '../../api-keys/principal';
import { DomainError } from '../../core/errors';
import { FilesService } from '../../files/files.service';
import { malformed, runContentOf, storedFilePart } from './message-input';

/** As many files as a run takes as attachments over REST. */
const MAX_FILES = 20;

/**
 * Stores the inline bytes of a new task's file parts as uploads of the caller's (within the
 * files' size limit), so the run takes them as attachments as a REST run takes uploaded files;
 * the message goes on with links to the uploads in their place, so the task's history holds no
 * bytes. Anything the message could not start a run with is refused first, before any is stored.
 */
@Injectable()
export class InlineFiles {
  constructor(private readonly files: FilesService) {}

  async storedIn(principal: Principal, message: Message, origin: string): Promise<Message> {
    runContentOf(message);
    const inline = message.parts.filter((part) => part.content?.$case === 'raw');
    if (inline.length === 0) return message;
    if (inline.length > MAX_FILES) {
      throw malformed(`message: at most ${MAX_FILES} file parts, not ${inline.length}`);
    }
    const parts: Part[] = [];
    for (const [index, part] of message.parts.entries()) {
      parts.push(
        part.content?.$case === 'raw' ? await this.store(principal, part, index, origin) : part,
      );
    }
    return { ...message, parts };
  }

  private async store(principal: Principal, part: Part, index: number, origin: string) {
    if (part.content?.$case !== 'raw') return part;
    try {
      const file = await this.files.storeBytes(principal, {
        filename: part.filename,
        declaredType: part.mediaType || undefined,
        bytes: part.content.value,
      });
      return storedFilePart(file, origin);
    } catch (error) {
      // Too large, say: the client hears why as the protocol's bad parameters.
      if (!(error instanceof DomainError)) throw error;
      throw malformed(`message.parts[${index}]: ${error.message}`);
    }
  }
}
