/**
 * Reads CSV text (RFC 4180) as Excel and ERP systems write it: an optional UTF-8 byte-order mark,
 * `,` or `;` as separator (whichever the header line uses outside quotes — Excel's list separator
 * follows the regional settings, docs/architecture.md "CSV exports"), quoted cells with `""` for a
 * quote, CRLF or LF line ends. Answers each record with the line it starts on (1-based); blank
 * lines are left out. A cell the export guarded against formulas (a leading `'` before `=`, `+`,
 * `-`, `@`) is read back without the guard.
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

function detectSeparator(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

const GUARDED = /^'[=+\-@]/;

export function parseCsv(input: string): CsvRecord[] {
  const textIn = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const firstLine = textIn.split(/\r?\n/, 1)[0] ?? '';
  const separator = detectSeparator(firstLine);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellWasQuoted = false;
  const endCell = () => {
    cells.push(!cellWasQuoted && GUARDED.test(cell) ? cell.slice(1) : cell);
    cell = '';
    cellWasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
  };
  for (let i = 0; i < textIn.length; i++) {
    const char = textIn[i]!;
    if (quoted) {
      if (char === '"') {
        if (textIn[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      cellWasQuoted = true;
    } else if (char === separator) endCell();
    else if (char === '\r' && textIn[i + 1] === '\n') continue;
    else if (char === '\n' || char === '\r') {
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
