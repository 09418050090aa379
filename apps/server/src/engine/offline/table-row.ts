import { plainText } from './plain-text.ts';

export interface RowField {
  /** As written: "Precio mxn". */
  key: string;
  /** Plain form of the key: "precio mxn". */
  plainKey: string;
  value: string;
  role: 'name' | 'id' | 'price' | 'duration' | 'stock' | 'link' | 'description' | 'yesno' | 'number' | 'text';
}

/** One table row or catalog product: "Servicio: Endodoncia; Precio mxn: 4500; Duracion minutos: 90". */
export interface TableRow {
  fields: RowField[];
  /** The field that names the row (a service, product, property…). */
  name?: RowField;
}

const NAME_KEYS = /^(?:producto|product|servicio|service|titulo|title|nombre|name|paquete|package|plan|curso|course|modelo|model|articulo|item|tratamiento|propiedad|inmueble|platillo|vehiculo|auto|clase|habitacion|evento|programa|membresia)\b/;
const ID_KEYS = /^(?:clave|sku|id|codigo|folio|referencia|ref|code)\b/;
const PRICE_KEYS = /\b(?:precio|costo|tarifa|price|cost|mensualidad|monto|importe|valor|renta mensual|cuota)\b/;
const DURATION_KEYS = /\b(?:duracion|duration|tiempo)\b/;
const STOCK_KEYS = /\b(?:disponibles|stock|existencias|inventario|available)\b/;
const LINK_KEYS = /\b(?:enlace|url|link|liga)\b/;
const DESCRIPTION_KEYS = /\b(?:descripcion|description|detalle|detalles|notas?|observaciones)\b/;
const YES = /^(?:si|sí|yes|true|x|✓|✔)$/i;
const NO = /^(?:no|false)$/i;

export const isYes = (value: string) => YES.test(value.trim());
export const isNo = (value: string) => NO.test(value.trim());

function roleOf(plainKey: string, value: string): RowField['role'] {
  if (ID_KEYS.test(plainKey)) return 'id';
  if (PRICE_KEYS.test(plainKey)) return 'price';
  if (DURATION_KEYS.test(plainKey)) return 'duration';
  if (STOCK_KEYS.test(plainKey)) return 'stock';
  if (LINK_KEYS.test(plainKey) || /^https?:\/\//.test(value)) return 'link';
  if (DESCRIPTION_KEYS.test(plainKey)) return 'description';
  if (NAME_KEYS.test(plainKey)) return 'name';
  if (isYes(value) || isNo(value)) return 'yesno';
  if (/^-?\d+(?:[.,]\d+)?$/.test(value.trim())) return 'number';
  return 'text';
}

/**
 * Reads a passage written as "Key: value; Key: value" (a CSV row, a catalog product, a table
 * row of a page). Undefined for prose.
 */
export function parseRow(text: string): TableRow | undefined {
  if (text.includes('\n')) return undefined;
  const parts = text.split(/;\s+/);
  if (parts.length < 2) return undefined;
  const fields: RowField[] = [];
  let loose = 0;
  for (const part of parts) {
    const m = part.match(/^([^:]{1,40}):\s*(.*)$/s);
    if (!m) {
      // "Agotado" in a catalog product.
      if (/^(?:agotado|sold out|out of stock)$/i.test(part.trim())) {
        fields.push({ key: 'Disponibles', plainKey: 'disponibles', value: '0', role: 'stock' });
      } else loose++;
      continue;
    }
    const key = m[1]!.trim();
    const value = (m[2] ?? '').trim();
    if (!value) continue;
    const plainKey = plainText(key);
    fields.push({ key, plainKey, value, role: roleOf(plainKey, value) });
  }
  if (fields.length < 2 || loose > fields.length / 2) return undefined;
  let name = fields.find((f) => f.role === 'name');
  if (!name) {
    name = fields.find((f) => f.role === 'text' && /\p{L}/u.test(f.value));
    if (name) name.role = 'name';
  }
  return { fields, ...(name && { name }) };
}
