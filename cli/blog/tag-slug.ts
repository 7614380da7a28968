/**
 * A tag's URL segment, as Docusaurus makes it (kebab case): letters and digits kept in lower case, every run of
 * other characters one `-`. A label with no letter or digit keeps its encoded text.
 */
export function tagSlug(label: string): string {
  let slug = '';
  let dash = false;
  for (const char of label.toLowerCase()) {
    if (/\p{L}|\p{N}/u.test(char)) {
      if (dash && slug) slug += '-';
      slug += char;
      dash = false;
    } else dash = true;
  }
  return slug || encodeURIComponent(label);
}
