import { describe, expect, it } from "vitest";
import {
  buildDocsTree,
  findDocsPage,
  findDocsSection,
  maxDocsDepth,
  neighbours,
  sidebarTree,
  type DocsNavPage,
  type DocsPageRow,
} from "./tree";

const sections = [
  { id: "2", title: "GPU clusters", slug: "gpu-clusters", description: null, icon: "gpu", sort: 2 },
  { id: "1", title: "Getting started", slug: "getting-started", description: "First steps", icon: null, sort: 1 },
];
const page = (id: string, slug: string, section: string, parent: string | null, sort: number): DocsPageRow => ({
  id,
  title: slug.replace(/-/g, " "),
  slug,
  description: null,
  sort,
  section: { id: section },
  parent: parent ? { id: parent } : null,
});

describe("buildDocsTree", () => {
  const pages = [
    page("10", "create-a-cluster", "2", null, 1),
    page("11", "slurm", "2", null, 2),
    page("12", "submitting-jobs", "2", "11", 1),
    page("1", "overview", "1", null, 1),
    page("2", "quickstart", "1", null, 2),
  ];
  const tree = buildDocsTree(sections, pages);

  it("orders sections and pages by sort and nests children under their parent's path", () => {
    expect(tree.sections.map((section) => section.href)).toEqual(["/docs/getting-started", "/docs/gpu-clusters"]);
    expect(tree.ordered.map((location) => location.page.href)).toEqual([
      "/docs/getting-started/overview",
      "/docs/getting-started/quickstart",
      "/docs/gpu-clusters/create-a-cluster",
      "/docs/gpu-clusters/slurm",
      "/docs/gpu-clusters/slurm/submitting-jobs",
    ]);
  });

  it("finds a page by path with its section and ancestors, and its neighbours across sections", () => {
    const location = findDocsPage(tree, "gpu-clusters/slurm/submitting-jobs")!;
    expect(location.section.title).toBe("GPU clusters");
    expect(location.ancestors.map((ancestor) => ancestor.id)).toEqual(["11"]);
    const first = findDocsPage(tree, "gpu-clusters/create-a-cluster")!;
    expect(neighbours(tree, first).previous?.href).toBe("/docs/getting-started/quickstart");
    expect(neighbours(tree, first).next?.href).toBe("/docs/gpu-clusters/slurm");
    expect(findDocsPage(tree, "gpu-clusters/nope")).toBeNull();
    expect(findDocsSection(tree, "getting-started")?.pages).toHaveLength(2);
  });

  it("cuts cyclic and too deep parent chains with a log line instead of looping", () => {
    const warnings: string[] = [];
    const chain = Array.from({ length: maxDocsDepth + 2 }, (_, index) =>
      page(`d${index}`, `level-${index}`, "1", index ? `d${index - 1}` : null, 1),
    );
    const cyclic = [page("a", "a", "1", "b", 1), page("b", "b", "1", "a", 1)];
    const cut = buildDocsTree(sections, [...chain, ...cyclic], (message) => warnings.push(message));
    expect(cut.ordered).toHaveLength(maxDocsDepth + 1);
    expect(warnings.filter((warning) => warning.includes("cyclic"))).toHaveLength(2);
    expect(warnings.filter((warning) => warning.includes("too deep"))).toHaveLength(1);
  });

  it("leaves out pages under an unpublished parent or section", () => {
    const tree = buildDocsTree(sections, [page("5", "child", "1", "missing", 1), page("6", "lost", "9", null, 1)]);
    expect(tree.ordered).toEqual([]);
  });
});

describe("sidebarTree", () => {
  /** Every section gets `fanout` top pages, each `fanout` children, and so on `depth` levels down. */
  function largeTree(fanout: number, depth: number) {
    const rows: DocsPageRow[] = [];
    const add = (parent: string | null, section: string, level: number) => {
      for (let i = 1; i <= fanout; i++) {
        const id = `${parent ?? `s${section}`}-${i}`;
        rows.push(page(id, `p${i}`, section, parent, i));
        if (level < depth) add(id, section, level + 1);
      }
    };
    for (const section of sections) add(null, section.id, 1);
    return buildDocsTree(sections, rows);
  }
  const count = (pages: DocsNavPage[]): number => pages.reduce((sum, p) => sum + 1 + count(p.children), 0);

  it("keeps a small tree whole", () => {
    const tree = buildDocsTree(sections, [page("11", "slurm", "2", null, 1), page("12", "submitting-jobs", "2", "11", 1)]);
    expect(sidebarTree(tree, { sectionId: "2", pageId: null })).toBe(tree.sections);
  });

  it("cuts a large tree to the top pages and the way to the current page, its siblings and children", () => {
    const tree = largeTree(4, 5); // 2 × (4 + 16 + 64 + 256 + 1024) pages
    expect(tree.ordered.length).toBe(2 * 1364);
    const location = findDocsPage(tree, "gpu-clusters/p2/p3/p1")!;
    expect(location.ancestors).toHaveLength(2);
    const nav = sidebarTree(tree, {
      sectionId: location.section.id,
      pageId: location.page.id,
      ancestorIds: location.ancestors.map((ancestor) => ancestor.id),
    });
    const gpu = nav.find((section) => section.id === "2")!;
    // Top pages of both sections; the current page's ancestors open (4 siblings a level), its own children listed.
    expect(count(gpu.pages)).toBe(4 + 4 + 4 + 4);
    expect(count(nav.find((section) => section.id === "1")!.pages)).toBe(4);
    const path = gpu.pages[1]!.children[2]!.children[0]!;
    expect(path.id).toBe(location.page.id);
    expect(path.children.map((child) => child.href)).toEqual([1, 2, 3, 4].map((i) => `${location.page.href}/p${i}`));
    expect(gpu.pages[0]!.children).toEqual([]);
    // The tree the loader shares is not changed.
    expect(count(tree.sections.find((section) => section.id === "2")!.pages)).toBe(1364);
  });
});
