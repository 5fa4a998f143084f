/** +306912345678 → 69******78: enough for the citizen to recognise, nothing more. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  const national = digits.startsWith('30') && digits.length === 12 ? digits.slice(2) : digits;
  if (national.length < 5) return '*'.repeat(national.length);
  return `${national.slice(0, 2)}${'*'.repeat(national.length - 4)}${national.slice(-2)}`;
}
