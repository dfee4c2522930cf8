/**
 * For component tests: what a screen reader reads after a field's name, the text of the elements its
 * aria-describedby names, in order.
 */
export function accessibleDescription(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ');
}
