// Exports of the grid's filtered rows (all of them, not only the visible page).
import { cellText } from './cell-text';
import type { CellValue, GridColumn } from './grid-types';

export function exportableColumns<Row>(columns: GridColumn<Row>[]): GridColumn<Row>[] {
  return columns.filter((column) => column.exportable !== false);
}

// A cell starting with one of these would run as a formula when the file is opened in a spreadsheet.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CellValue): string {
  let text = cellText(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with a byte-order mark, so that spreadsheet programs read it as UTF-8. */
export function toCsv<Row>(columns: GridColumn<Row>[], rows: Row[]): string {
  const used = exportableColumns(columns);
  const lines = [used.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(used.map((column) => csvCell(column.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function exportCsv<Row>(columns: GridColumn<Row>[], rows: Row[], baseName: string): void {
  downloadBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${baseName}.csv`);
}

/** XLSX needs a zip writer: loaded only when someone exports. */
export async function exportXlsx<Row>(columns: GridColumn<Row>[], rows: Row[], baseName: string): Promise<void> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx-export" */ 'write-excel-file/browser');
  const used = exportableColumns(columns);
  const header = used.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    used.map((column) => {
      const value = column.value(row);
      return value === null || value === undefined ? null : value;
    }),
  );
  const blob = await writeXlsxFile([header, ...body]).toBlob();
  downloadBlob(blob, `${baseName}.xlsx`);
}
