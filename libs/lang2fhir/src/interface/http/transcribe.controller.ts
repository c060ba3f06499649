import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import {
  TranscribeAudioQuery,
  type Transcript,
} from '../../application/queries/transcribe-audio/transcribe-audio.query.js';

/** Speech to text, offline (PocketSphinx); the transcript can then go to POST /lang2fhir/create. */
@ApiTags('voice')
@ApiBearerAuth('bearer')
@Controller('transcribe')
export class TranscribeController {
  constructor(private readonly queries: QueryBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Transcribe audio (WAV, FLAC, MP3, OGG/WebM Opus) sent as the raw body',
    description:
      'WAV (PCM or float) is read in process; the other formats need ffmpeg. 400 empty, unknown format, too long or no speech; 413 over the body limit; 503 when the recognizer is not installed (the message names the command); 504 past TRANSCRIBE_TIMEOUT_MS.',
  })
  @ApiBody({ required: true, schema: { type: 'string', format: 'binary' } })
  @ApiQuery({
    name: 'language',
    required: false,
    isArray: true,
    type: String,
    description: 'BCP-47; English only',
  })
  @ApiOkResponse({ schema: { type: 'object', properties: { transcript: { type: 'string' } } } })
  transcribe(
    @Body() body: unknown,
    @Query('language') language?: string | string[],
  ): Promise<Transcript> {
    const audio = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const languages = language === undefined ? [] : Array.isArray(language) ? language : [language];
    return this.queries.execute(
      new TranscribeAudioQuery(
        new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength),
        languages,
      ),
    );
  }
}
