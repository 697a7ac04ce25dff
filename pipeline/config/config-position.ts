/** Where a value of the configuration was written (through `$ref` files). */
export interface ConfigPosition {
  file: string;
  line: number;
  column: number;
}
