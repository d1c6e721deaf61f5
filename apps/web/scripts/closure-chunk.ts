import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
}

/**
 * A code-splitting group's `name` function: the given modules and every module they import
 * statically go into one file, `name`. With the group's `test`, only the modules it matches.
 * Used for the signed-in frame (`frame`, ADR 0029) and for the Material UI that the frame and the
 * item list import (`mui-first`, ADR 0030).
 *
 * Left to itself the bundler makes a file for each set of pages sharing some modules, so the item
 * list's first load asked for 32 files, most of 1–3 kB. Over a phone's HTTP/1.1 connections (six
 * at a time per host) they queue, and the largest file waits the longest. Every page inside the
 * frame loads all of it anyway, so one file costs those pages nothing. Modules a higher-priority
 * group takes (the entry, Material UI, icons, the data layer) stay there.
 *
 * `sharedOf` (pages): the file also holds the app's own modules those pages import that other
 * pages import too (ADR 0031: the item list's small shared files, which each took a connection
 * of its first load); what only those pages use stays in their own files.
 */
export function closureChunk(
  webRoot: string,
  roots: readonly string[],
  name: string,
  { sharedOf = [] }: { sharedOf?: readonly string[] } = {},
) {
  const rootIds = roots.map((root) => path.join(webRoot, root));
  const pageIds = sharedOf.map((page) => path.join(webRoot, page));
  // One set per chunking pass (the bundler hands the same graph object throughout a pass).
  const sets = new WeakMap<ModuleGraph, Set<string>>();

  function staticClosure(graph: ModuleGraph, from: readonly string[]) {
    const seen = new Set<string>();
    const todo = [...from];
    while (todo.length > 0) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      todo.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  }

  function fileSet(graph: ModuleGraph) {
    const set = staticClosure(graph, rootIds);
    const pages = staticClosure(graph, pageIds);
    const own = (id: string) => !id.includes('node_modules') && !pageIds.includes(id);
    for (const id of pages) {
      if (own(id) && graph.getModuleInfo(id)?.importers.some((importer) => !pages.has(importer))) set.add(id);
    }
    return set;
  }

  return (id: string, graph: ModuleGraph): string | null => {
    let set = sets.get(graph);
    if (!set) sets.set(graph, (set = fileSet(graph)));
    return set.has(id) ? name : null;
  };
}
