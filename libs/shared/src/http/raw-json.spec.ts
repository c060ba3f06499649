import 'reflect-metadata';
import { ArrayMaxSize, IsArray, IsDefined, IsObject, IsOptional, IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { RawJson } from './raw-json.js';
import { createValidationPipe } from './validation.js';

class MapBody {
  @IsDefined()
  @IsObject()
  @RawJson()
  fhir_resources!: Record<string, unknown>;

  @IsOptional()
  @IsString()
  vocab_version?: string;
}

const pipe = createValidationPipe();
const asBody = { type: 'body' as const, metatype: MapBody, data: '' };

describe('validation of @RawJson() properties', () => {
  it('hands the very same object through, nested values untouched', async () => {
    const bundle = { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient' } }] };
    const result = (await pipe.transform(
      { fhir_resources: bundle, vocab_version: 'v5' },
      asBody,
    )) as MapBody;
    expect(result).toBeInstanceOf(MapBody);
    expect(result.fhir_resources).toBe(bundle);
    expect(result.vocab_version).toBe('v5');
  });

  it('still applies the property decorators to its top level', async () => {
    for (const fhir_resources of [['not', 'an', 'object'], 'text', null]) {
      await expect(pipe.transform({ fhir_resources }, asBody)).rejects.toThrow(AppError);
    }
    await expect(pipe.transform({}, asBody)).rejects.toThrow(/fhir_resources/);
  });

  it('still refuses unknown and mistyped sibling fields', async () => {
    await expect(pipe.transform({ fhir_resources: {}, vocab_version: 5 }, asBody)).rejects.toThrow(
      /vocab_version/,
    );
    await expect(pipe.transform({ fhir_resources: {}, extra: 1 }, asBody)).rejects.toThrow(/extra/);
  });
});

class ListBody {
  @IsArray()
  @ArrayMaxSize(1_500)
  @RawJson()
  items!: unknown[];
}

describe('validation of a long @RawJson() array', () => {
  const asList = { type: 'body' as const, metatype: ListBody, data: '' };

  it('hands the very same array through', async () => {
    const items = Array.from({ length: 1_500 }, (_, index) => ({ code: `C${index}` }));
    const result = (await pipe.transform({ items }, asList)) as ListBody;
    expect(result.items).toBe(items);
  });

  it('applies the length decorators to the real array, not to its stand-in', async () => {
    const items = Array.from({ length: 1_501 }, (_, index) => ({ code: `C${index}` }));
    await expect(pipe.transform({ items }, asList)).rejects.toThrow(/items/);
  });
});
