/**
 * Corpus files a pull or an export cannot give back byte for byte because the service's API does
 * not carry what wrote them: docsync keeps SUMMARY.md's hand-written group anchors internal (not
 * in the page resource). Keyed by `<corpus>/<path>`, with the reason.
 */
export const serviceGaps: Readonly<Record<string, string>> = {
  'lawnchair-docs/community/SUMMARY.md':
    'the group heading `## About Lawnchair <a href="#about" id="about"></a>` keeps an anchor the API does not expose',
};
