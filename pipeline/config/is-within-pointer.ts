/** Whether a JSON pointer names `ancestor` itself or a value inside it (`/navigation/tabs/0` is within `/navigation/tabs`). */
export function isWithinPointer(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}
