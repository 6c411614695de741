import { type Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { type Page } from './page.dto';

/**
 * The Swagger class of a page of `item`s. Extend it with a named class (`class AgentPageDto
 * extends PageDtoOf(AgentDto) {}`): the schema takes the subclass's name.
 */
export function PageDtoOf<T>(item: Type<T>): Type<Page<T>> {
  class PageDto implements Page<T> {
    @ApiProperty({ type: [item] })
    items!: T[];

    @ApiProperty({ description: 'Items matching the filters, across all pages', example: 42 })
    total!: number;

    @ApiProperty({ example: 20 })
    limit!: number;

    @ApiProperty({ example: 0 })
    offset!: number;
  }
  return PageDto;
}
