/** Joins the class names that apply (`false`, `null` and `undefined` are left out). */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
