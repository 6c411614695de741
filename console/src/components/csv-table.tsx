import Papa from 'papaparse';

const SHOWN_ROWS = 100;

/** A CSV file as a table: its first row as the header, the first rows after it, and the count. */
export function CsvTable({ text, name }: { text: string; name: string }) {
  const parsed = Papa.parse<string[]>(text.trimEnd(), { skipEmptyLines: true });
  const [header = [], ...rows] = parsed.data;
  return (
    <div class="csv">
      <p class="csv-count">
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        {rows.length > SHOWN_ROWS ? `, the first ${SHOWN_ROWS} shown` : ''}
      </p>
      <div class="table-scroll" tabIndex={0} role="region" aria-label={`Table ${name}`}>
        <table>
          <thead>
            <tr>
              {header.map((cell, index) => (
                <th key={index} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
