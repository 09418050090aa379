/** Which documents and addresses training takes, without zod: the server's schemas and the web app's forms share them. */

export const trainingLimits = {
  fileBytes: 20 * 1024 * 1024,
  textChars: 200_000,
  url: 2000,
  documentName: 200,
} as const;

const csvMimes = new Set(['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/x-csv']);

/** An upload's mime type (or file name) → PDF or CSV, falling back to PDF (spec section 4). */
export function uploadTrainingType(mimeType: string, fileName = ''): 'PDF' | 'CSV' {
  return csvMimes.has(mimeType.toLowerCase()) || /\.csv$/i.test(fileName) ? 'CSV' : 'PDF';
}

/** An http(s) address with something after the scheme (the rule of training and product links). */
export const httpUrlPattern = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
export const isHttpUrl = (value: string): boolean => httpUrlPattern.test(value.trim());
