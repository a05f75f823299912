/** ISO 3166 alpha-3 codes the platform stores, with the alpha-2 region codes `Intl.DisplayNames` reads. */
const alpha2: Record<string, string> = {
  ARG: 'AR',
  BRA: 'BR',
  CAN: 'CA',
  CHL: 'CL',
  COL: 'CO',
  FRA: 'FR',
  MEX: 'MX',
  PER: 'PE',
  URY: 'UY',
  USA: 'US',
};

/**
 * The country choices of a form, named in the user's language (the stored names are Portuguese) and
 * sorted in it; a code without a known region keeps its stored name.
 */
export function countryOptions(countries: readonly { code: string; name: string }[], language: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return countries
    .map((c) => {
      const region = alpha2[c.code];
      return { value: c.code, label: (region && names?.of(region)) || c.name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
