/**
 * A sentence's parts around its `<terms>…</terms>`: each language puts the link where its
 * words need it ("… accept the <terms>terms</terms>."). A text without the mark is all before.
 */
export function splitTermsLink(text: string): [before: string, link: string, after: string] {
  const found = /^([\s\S]*)<terms>([\s\S]*)<\/terms>([\s\S]*)$/.exec(text);
  return found ? [found[1]!, found[2]!, found[3]!] : [text, '', ''];
}
