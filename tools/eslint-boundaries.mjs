// Import boundaries of the codebase as a lint rule (CONVENTIONS "Shape"):
// - a web feature never imports another feature; web ui/ never imports a feature or the app;
// - a server module (src/modules/<name>/) is entered by others only through its index.ts.
// Relative specifiers are resolved against the importing file, so the rule sees through `../..`.
import path from 'node:path';

const WEB_SRC = ['packages', 'web', 'src'];
const SERVER_MODULES = ['packages', 'server', 'src', 'modules'];

/** The path segments of `file` after the repository's `packages/` folder, or null. */
function segmentsFrom(file) {
  const parts = path.resolve(file).split(path.sep);
  const at = parts.lastIndexOf('packages');
  return at < 0 ? null : parts.slice(at);
}

function startsWith(parts, prefix) {
  return prefix.every((segment, i) => parts[i] === segment);
}

/** What the importing file is: a web feature, web ui, a server module, or something else. */
function zoneOf(parts) {
  if (startsWith(parts, WEB_SRC)) {
    const [area, name] = parts.slice(WEB_SRC.length);
    if (area === 'features' && parts.length > WEB_SRC.length + 2) return { kind: 'feature', name };
    if (area === 'ui') return { kind: 'ui' };
    if (area === 'app') return { kind: 'app' };
    return { kind: 'web' };
  }
  if (startsWith(parts, SERVER_MODULES) && parts.length > SERVER_MODULES.length + 1) {
    return { kind: 'module', name: parts[SERVER_MODULES.length] };
  }
  return { kind: 'other' };
}

/** The problem with importing `target` (resolved segments) from a file in `zone`, or null. */
export function boundaryProblem(zone, target) {
  if (startsWith(target, WEB_SRC)) {
    const [area, name] = target.slice(WEB_SRC.length);
    if (area === 'features' && zone.kind === 'feature' && name !== zone.name) {
      return `web features do not import each other (features/${zone.name} → features/${name}); move what both need to ui/ or domain`;
    }
    if (area === 'features' && zone.kind === 'ui') {
      return `ui/ never imports a feature (features/${name}); pass it in as a prop or move it down`;
    }
    if (area === 'app' && (zone.kind === 'ui' || zone.kind === 'feature')) {
      return 'app/ composes features and ui; they never import it';
    }
    return null;
  }
  if (startsWith(target, SERVER_MODULES) && target.length > SERVER_MODULES.length + 1) {
    const name = target[SERVER_MODULES.length];
    if (zone.kind === 'module' && zone.name === name) return null;
    const file = target.slice(SERVER_MODULES.length + 1).join('/');
    if (file !== 'index' && file !== 'index.ts') {
      return `another server module is entered only through its index.ts (modules/${name}/${file} → modules/${name})`;
    }
  }
  return null;
}

const zonesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between web features, ui and server modules' },
    schema: [],
    messages: { boundary: '{{problem}}' },
  },
  create(context) {
    const fileParts = segmentsFrom(context.filename);
    if (!fileParts) return {};
    const zone = zoneOf(fileParts);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source.value);
      const targetParts = segmentsFrom(resolved);
      if (!targetParts) return;
      const target = targetParts.map((segment, i) =>
        i === targetParts.length - 1 ? segment.replace(/\.(tsx?|mjs|js)$/, '') : segment,
      );
      const problem = boundaryProblem(zone, target);
      if (problem) context.report({ node: source, messageId: 'boundary', data: { problem } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { meta: { name: 'dilosi-boundaries' }, rules: { zones: zonesRule } };
