/**
 * Glance Cobrowse instead of the built-in co-browsing (issue 38): with `glance_group_id` in the
 * branding, "Share my screen with support" loads Glance's visitor script for that group and starts
 * its session, whose own terms dialog asks for consent and shows the session key. Not tested here
 * (it needs a Glance account); see README "Co-browsing".
 */
const GLANCE_SCRIPT = 'https://www.glancecdn.net/cobrowse/CobrowseJS.ashx';

interface GlanceVisitor {
  startSession?: () => void;
  showTerms?: () => void;
}

const glanceVisitor = () => (window as unknown as { GLANCE?: { Cobrowse?: { Visitor?: GlanceVisitor } } }).GLANCE?.Cobrowse?.Visitor;

export function shareWithGlance(groupId: string, doc: Document = document): void {
  const start = () => {
    const visitor = glanceVisitor();
    if (visitor?.showTerms) visitor.showTerms();
    else visitor?.startSession?.();
  };
  if (doc.getElementById('glance-cobrowse')) return start();
  const script = doc.createElement('script');
  script.id = 'glance-cobrowse';
  script.src = `${GLANCE_SCRIPT}?group=${encodeURIComponent(groupId)}&site=production`;
  script.async = true;
  script.charset = 'UTF-8';
  script.dataset.groupid = groupId;
  script.dataset.site = 'production';
  script.addEventListener('load', start);
  doc.head.appendChild(script);
}
