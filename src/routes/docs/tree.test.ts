import { describe, expect, it } from "vitest";
import { buildDocsTree, findDocsPage, findDocsSection, maxDocsDepth, neighbours, type DocsPageRow } from "./tree";

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
