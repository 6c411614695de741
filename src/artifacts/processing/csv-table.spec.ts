import { readCsvTable } from './csv-table';

describe('readCsvTable', () => {
  it('reads a comma-separated table with its header and data rows', () => {
    expect(readCsvTable('name,age,city\nAlice,30,Paris\nBob,25,Berlin\n')).toEqual({
      delimiter: ',',
      headers: ['name', 'age', 'city'],
      rows: 2,
      columns: 3,
    });
  });

  it('respects quoted fields with delimiters, escaped quotes and line breaks', () => {
    const text = 'id,quote\n1,"Hello, world"\n2,"She said ""hi"""\n3,"two\nlines"\n';
    expect(readCsvTable(text)).toEqual({
      delimiter: ',',
      headers: ['id', 'quote'],
      rows: 3,
      columns: 2,
    });
  });

  it('reads a literal backslash-n as two characters of a field, not a line break', () => {
    expect(readCsvTable('id,note\n1,line one\\nline two\n2,"a\\nb"\n')?.rows).toBe(2);
  });

  it('takes CRLF line ends and skips blank lines', () => {
    expect(readCsvTable('a,b\r\n1,2\r\n\r\n   \r\n3,4\r\n')).toMatchObject({ rows: 2, columns: 2 });
  });

  it('reads tab- and semicolon-separated tables', () => {
    expect(readCsvTable('a\tb\n1\t2\n3\t4')).toMatchObject({
      delimiter: '\t',
      headers: ['a', 'b'],
    });
    expect(readCsvTable('a;b\n1,5;2\n3;4')).toMatchObject({ delimiter: ';', rows: 2 });
  });

  it('allows empty data cells', () => {
    expect(readCsvTable('a,b,c\n1,,3\n,,\n')).toMatchObject({ rows: 2, columns: 3 });
  });

  it.each([
    ['prose with commas on two lines', 'Hello, world\nSecond line, here'],
    ['prose with commas on three lines', 'Paris, France\nBerlin, Germany\nRome, Italy'],
    ['a header and a single data row', 'name,age\nAlice,30'],
    ['a single column', 'name\nAlice\nBob'],
    ['an inconsistent column count', 'a,b\n1,2\n3,4,5'],
    ['an empty header cell', 'a,\n1,2\n3,4'],
    ['a repeated header cell', 'a,a\n1,2\n3,4'],
    ['a header cell of prose length', `${'x'.repeat(65)},b\n1,2\n3,4`],
    ['an unclosed quote', 'a,b\n1,"2\n3,4'],
    ['text after a closing quote', 'a,b\n1,"2"x\n3,4'],
    ['a quote inside an unquoted field', 'a,b\n1,2"\n3,4'],
    ['a plain sentence', 'Error: the database is unreachable'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(readCsvTable(text)).toBeUndefined();
  });
});
