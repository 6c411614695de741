import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { ValidationFailedError } from '../errors';
import { ApiValidationPipe } from './api-validation.pipe';
import { SearchPageQueryDto } from './search-page-query.dto';

const wholeQuery: ArgumentMetadata = { type: 'query', metatype: SearchPageQueryDto };

describe('ApiValidationPipe on a whole query', () => {
  const pipe = new ApiValidationPipe();

  it('gives a query asked again an equal DTO of its own', async () => {
    const first = (await pipe.transform(
      { limit: '5', search: 'plant' },
      wholeQuery,
    )) as SearchPageQueryDto;
    const again = (await pipe.transform(
      { limit: '5', search: 'plant' },
      wholeQuery,
    )) as SearchPageQueryDto;
    expect(again).toBeInstanceOf(SearchPageQueryDto);
    expect(again).toEqual(first);
    expect(again.limit).toBe(5);
    expect(again).not.toBe(first);
    again.search = 'changed by its handler';
    const third = (await pipe.transform(
      { limit: '5', search: 'plant' },
      wholeQuery,
    )) as SearchPageQueryDto;
    expect(third.search).toBe('plant');
  });

  it('validates a query it passed before only once', async () => {
    const validations = jest.spyOn(ValidationPipe.prototype, 'transform');
    try {
      await pipe.transform({ search: 'once' }, wholeQuery);
      await pipe.transform({ search: 'once' }, wholeQuery);
      expect(validations).toHaveBeenCalledTimes(1);
    } finally {
      validations.mockRestore();
    }
  });

  it('tells queries apart by every value', async () => {
    const five = (await pipe.transform({ limit: '5' }, wholeQuery)) as SearchPageQueryDto;
    const six = (await pipe.transform({ limit: '6' }, wholeQuery)) as SearchPageQueryDto;
    expect([five.limit, six.limit]).toEqual([5, 6]);
  });

  it('refuses a refused query every time it comes', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(pipe.transform({ limit: 'many' }, wholeQuery)).rejects.toBeInstanceOf(
        ValidationFailedError,
      );
      await expect(pipe.transform({ limit: '5', typo: 'x' }, wholeQuery)).rejects.toBeInstanceOf(
        ValidationFailedError,
      );
    }
  });

  it('keeps a bounded number of queries and still validates those it let go', async () => {
    for (let limit = 1; limit <= 300; limit++) {
      const page = (await pipe.transform(
        { limit: String(limit % 100 || 100), offset: String(limit) },
        wholeQuery,
      )) as SearchPageQueryDto;
      expect(page.offset).toBe(limit);
    }
    const first = (await pipe.transform(
      { limit: '1', offset: '1' },
      wholeQuery,
    )) as SearchPageQueryDto;
    expect([first.limit, first.offset]).toEqual([1, 1]);
  });
});
