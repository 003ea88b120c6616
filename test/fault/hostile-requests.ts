/**
 * The bad-input sweep's table of hostile requests, shared by the worker tests
 * (test/worker/bad-input-sweep.test.ts, mock Directus inside workerd) and the fault project
 * (test/fault/stack.test.ts, the built worker against a real Directus). Pure: no Node or
 * workerd APIs, so both can import it.
 *
 * The rule for every row: no 5xx; a refusal is a 4xx whose body a person can read (a sentence,
 * not a stack trace or an empty body); a redirect goes to a path on this site; nothing from the
 * request turns into a response header.
 */
import { processApiDocument } from "../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument } from "../../src/features/docs/cms/seed/api-reference.mjs";
import type { ApiReference } from "../../src/features/docs/api-reference/types";
import { operationNamed } from "../support/operations";

export interface HostileRequest {
  /** Unique, readable: shown as the test name. */
  name: string;
  /** Path and query, sent as they are (no re-encoding). */
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The exact status the worker tests expect (the stack sweep checks only the rules). */
  status?: number;
}

export interface SweepSecrets {
  previewToken: string;
  revalidateSecret: string;
}

const json = { "Content-Type": "application/json" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };
const limit = 16 * 1024;

/** Odd path spellings: every one must be a 404 page (or a redirect), never a crash. */
const oddPaths: [string, string][] = [
  ["NUL byte", "/%00"],
  ["NUL inside a slug", "/blog/post%00.html"],
  ["lone percent", "/%"],
  ["lone percent in a slug", "/blog/%"],
  ["truncated escape", "/blog/%E0%A4%A"],
  ["overlong UTF-8 dots", "/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd"],
  ["overlong UTF-8 slash", "/blog%C0%AFx"],
  ["UTF-16 surrogate", "/blog/%ED%A0%80"],
  ["invalid UTF-8 byte", "/events/%FF%FE"],
  ["dot segments", "/blog/../../etc/passwd"],
  ["encoded dot segments", "/blog/%2e%2e/%2e%2e/etc/passwd"],
  ["encoded slashes", "/..%2f..%2fetc%2fpasswd"],
  ["backslashes", "/blog\\..\\..\\etc"],
  ["double slash", "//evil.example"],
  ["triple slash", "///blog"],
  ["double slash inside", "/blog//x"],
  ["trailing slash", "/blog/"],
  ["very long path", `/${"a".repeat(8000)}`],
  ["very long slug", `/blog/${"b".repeat(5000)}`],
  ["very long job slug", `/careers/${"c".repeat(5000)}`],
  ["very long event slug", `/events/${"e".repeat(5000)}`],
  ["many segments", `/${"x/".repeat(1000)}`],
  ["unicode path", "/blog/ünïcødé-✓"],
  ["emoji path", "/%F0%9F%99%82"],
  ["right-to-left override", "/blog/%E2%80%AEgnp.exe"],
  ["line separator", "/blog/a%E2%80%A8b"],
  ["CRLF in a path", "/blog/%0d%0aX-Injected:%201"],
  ["HTML in a path", "/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
  ["matrix parameter", "/blog;jsessionid=1"],
  ["author id not a number", "/blog/authors/abc"],
  ["author id zero", "/blog/authors/0"],
  ["author id huge", "/blog/authors/99999999999999999999999"],
  ["author id negative", "/blog/authors/-1"],
  ["server file", "/wrangler.toml"],
  ["dotfile", "/.dev.vars"],
  ["git directory", "/.git/config"],
  ["source file", "/src/worker.ts"],
  ["api without route", "/api/"],
  ["unknown api", "/api/nope"],
  ["static directory listing", "/static/"],
];

/** Odd query strings on pages. */
const oddQueries: [string, string][] = [
  ["page not a number", "/blog?page=abc"],
  ["page zero", "/blog?page=0"],
  ["page negative", "/blog?page=-1"],
  ["page exponent", "/blog?page=1e3"],
  ["page huge", "/blog?page=99999999999999999999999999"],
  ["page NUL", "/blog?page=%00"],
  ["page twice", "/blog?page=1&page=2"],
  ["tag NUL", "/blog?tag=%00"],
  ["tag lone percent", "/blog?tag=%"],
  ["tag HTML", "/blog?tag=%3Cscript%3Ealert(1)%3C/script%3E"],
  ["tag very long", `/blog?tag=${"t".repeat(4000)}`],
  ["careers filters hostile", "/careers?department=%00&location=%&category=%3Cb%3E"],
  ["careers filters long", `/careers?department=${"d".repeat(3000)}`],
  ["careers page huge", "/careers?page=99999999999999999999999999"],
  ["careers page NUL with filters", "/careers?category=%00&page=%00"],
  ["careers page past the last", "/careers?location=%&page=99999"],
  ["search lone percent", "/search?q=%"],
  ["search SQL-ish", "/search?q=%27%20OR%201%3D1--"],
  ["search LIKE wildcards", "/search?q=%25_%25_"],
  ["search NUL", "/search?q=a%00b"],
  ["search HTML", "/search?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"],
  ["search very long", `/search?q=${"q".repeat(6000)}`],
  ["search CRLF", "/search?q=%0d%0aX-Injected:%201"],
  ["search unicode", "/search?q=%F0%9F%99%82%E2%80%AE"],
  ["search array syntax", "/search?q[]=a&q[]=b"],
  ["proto keys", "/?__proto__[x]=1&constructor[prototype][y]=2"],
  ["many parameters", `/?${Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join("&")}`],
  ["query without key", "/?=&&=&"],
];

/** /_next/image parameters. */
const imageQueries: [string, string, number?][] = [
  ["no parameters", "", 400],
  ["url only", "url=/favicon.svg", 400],
  ["w only", "w=640", 400],
  ["w not a number", "url=/favicon.svg&w=abc", 400],
  ["w negative", "url=/favicon.svg&w=-1", 400],
  ["w exponent", "url=/favicon.svg&w=1e3", 400],
  ["w huge", "url=/favicon.svg&w=99999999999999999999999", 400],
  ["w not allowed", "url=/favicon.svg&w=641", 400],
  ["w twice", "url=/favicon.svg&w=640&w=640", 400],
  ["q zero", "url=/favicon.svg&w=640&q=0", 400],
  ["q above 100", "url=/favicon.svg&w=640&q=101", 400],
  ["q exponent", "url=/favicon.svg&w=640&q=1e2", 400],
  ["q NUL", "url=/favicon.svg&w=640&q=%00", 400],
  ["url twice", "url=/favicon.svg&url=/favicon.svg&w=640", 400],
  ["url javascript:", "url=javascript:alert(1)&w=640", 400],
  ["url data:", "url=data:image/png;base64,AAAA&w=640", 400],
  ["url file:", "url=file:///etc/passwd&w=640", 400],
  ["url protocol-relative", "url=//evil.example/a.png&w=640", 400],
  ["url metadata address", "url=http://169.254.169.254/latest/meta-data&w=640", 400],
  ["url foreign host", "url=https://evil.example/a.png&w=640", 400],
  ["url with credentials", "url=http://user:pw@127.0.0.1:8055/assets/x&w=640", 400],
  ["url loops to itself", "url=%2F_next%2Fimage%3Furl%3D%2Ffavicon.svg%26w%3D640&w=640", 400],
  ["url NUL", "url=%00&w=640", 400],
  ["url lone percent", "url=/%&w=640"],
  ["url truncated escape", "url=/%E0%A4%A&w=640"],
  ["url dot segments", "url=/static/../../wrangler.toml&w=640"],
  ["url encoded dot segments", "url=/..%2f..%2fwrangler.toml&w=640"],
  ["url missing file", "url=/no-such-image.png&w=640", 404],
  ["url not an image", "url=/robots.txt&w=640"],
  ["url a page", "url=/&w=640"],
  ["url an api", "url=/api/preview%3Ftoken%3Dx&w=640"],
  ["url very long", `url=/${"i".repeat(5000)}.png&w=640`, 400],
  ["url unicode", "url=/%F0%9F%99%82.png&w=640", 404],
  ["url CRLF", "url=/a.png%0d%0aX-Injected:%201&w=640"],
];

/** POST /graphql bodies. */
function graphqlBodies(): [string, string | undefined, Record<string, string>, number?][] {
  const post = operationNamed("BlogPost");
  const author = operationNamed("BlogAuthor");
  const home = operationNamed("HomeContent");
  const op = (document: string, name: string, variables: unknown) => JSON.stringify({ query: document, operationName: name, variables });
  return [
    ["no content type", '{"operationName":"SiteChrome"}', {}, 400],
    ["text/plain", "hello", { "Content-Type": "text/plain" }, 400],
    ["form encoded", "operationName=SiteChrome", form, 400],
    ["XML with an entity", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', { "Content-Type": "application/xml" }, 400],
    ["JSON with odd charset", '{"operationName":"SiteChrome"}', { "Content-Type": "application/json; charset=utf-16" }, 400],
    ["empty body", undefined, json, 400],
    ["invalid JSON", '{"operationName":', json, 400],
    ["JSON null", "null", json, 400],
    ["JSON array", "[]", json, 400],
    ["JSON string", '"query"', json, 400],
    ["JSON number", "1e999", json, 400],
    ["operationName missing", "{}", json, 400],
    ["operationName a number", '{"operationName":123}', json, 400],
    ["operationName huge", JSON.stringify({ operationName: "X".repeat(10_000) }), json, 400],
    ["unknown operation", '{"operationName":"IntrospectionQuery","query":"{__schema{types{name}}}"}', json, 400],
    [
      "query text changed",
      JSON.stringify({ operationName: "SiteChrome", query: "query SiteChrome { directus_users { email } }" }),
      json,
      400,
    ],
    ["query an object", JSON.stringify({ operationName: "SiteChrome", query: {} }), json, 400],
    [
      "wrong hash",
      JSON.stringify({ operationName: "SiteChrome", extensions: { persistedQuery: { sha256Hash: "0".repeat(64) } } }),
      json,
      400,
    ],
    ["no query and no hash", '{"operationName":"SiteChrome"}', json, 400],
    ["variables an array", op(post.document, "BlogPost", []), json, 400],
    ["variables a string", op(post.document, "BlogPost", "slug"), json, 400],
    ["variable an object", op(post.document, "BlogPost", { slug: { _neq: "x" } }), json, 400],
    ["variable an array", op(post.document, "BlogPost", { slug: ["a"] }), json, 400],
    ["variable too long", op(post.document, "BlogPost", { slug: "s".repeat(201) }), json, 400],
    ["unknown variable", op(post.document, "BlogPost", { slug: "a", limit: 1000 }), json, 400],
    [
      "proto variable",
      `{"operationName":"BlogPost","query":${JSON.stringify(post.document)},"variables":{"__proto__":{"slug":"a"}}}`,
      json,
      400,
    ],
    ["required variable missing", op(post.document, "BlogPost", {}), json, 400],
    ["required variable null", op(post.document, "BlogPost", { slug: null }), json, 400],
    ["required variable empty", op(home.document, "HomeContent", { now: "" }), json, 400],
    ["string variable a number", op(post.document, "BlogPost", { slug: 123 }), json, 400],
    ["string variable a boolean", op(post.document, "BlogPost", { slug: true }), json, 400],
    ["id variable a fraction", op(author.document, "BlogAuthor", { id: 1.5 }), json, 400],
    [
      "id variable huge number",
      `{"operationName":"BlogAuthor","query":${JSON.stringify(author.document)},"variables":{"id":1e400}}`,
      json,
      400,
    ],
    ["id variable punctuation", op(author.document, "BlogAuthor", { id: "1 OR 1=1" }), json, 400],
    ["id of no author", op(author.document, "BlogAuthor", { id: "999999" }), json, 200],
    ["status set by the browser", op(post.document, "BlogPost", { slug: "a", status: ["draft", "archived"] }), json, 200],
    ["deep JSON", `${"[".repeat(7000)}${"]".repeat(7000)}`, json, 400],
    ["deep JSON object", `{"operationName":"SiteChrome","variables":${'{"a":'.repeat(2000)}1${"}".repeat(2000)}}`, json, 400],
    ["oversized body", JSON.stringify({ operationName: "SiteChrome", pad: "p".repeat(limit) }), json, 413],
  ];
}

/** POST /api/subscribe payloads, JSON and form. */
function subscribeBodies(): [string, string | undefined, Record<string, string>, number?][] {
  const valid = { email: "ada@example.com", topics: ["engineering"], agreement: true, sourcePage: "/blog" };
  const body = (patch: object) => JSON.stringify({ ...valid, ...patch });
  return [
    ["invalid JSON", '{"email":', json, 400],
    ["JSON array", "[]", json, 400],
    ["JSON null", "null", json, 400],
    ["JSON string", '"ada@example.com"', json, 400],
    ["empty body", undefined, json, 400],
    ["email an object", body({ email: { $ne: "" } }), json, 400],
    ["email too long", body({ email: `${"a".repeat(300)}@example.com` }), json, 400],
    ["email with CRLF", body({ email: "ada@example.com\r\nBcc: eve@example.com" }), json, 400],
    ["email unicode", body({ email: "ädä@exämple.com" }), json],
    ["topics a string", body({ topics: "engineering" }), json, 400],
    ["topics nested", body({ topics: [["engineering"]] }), json, 400],
    ["topics many", body({ topics: Array.from({ length: 1000 }, () => "engineering") }), json, 400],
    // biome-ignore lint/correctness/noPrecisionLoss: numbers JSON cannot carry exactly are the point
    ["topics numbers", body({ topics: [1e400, -0, 12345678901234567890] }), json, 400],
    ["agreement a string", body({ agreement: "true" }), json, 400],
    ["agreement a huge number", '{"email":"ada@example.com","topics":["engineering"],"agreement":1e999}', json, 400],
    ["sourcePage with CRLF", body({ sourcePage: "/\r\nX-Injected: 1" }), json],
    ["sourcePage elsewhere", body({ sourcePage: "https://evil.example/" }), json],
    ["sourcePage too long", body({ sourcePage: `/${"s".repeat(600)}` }), json, 400],
    ["proto pollution", '{"__proto__":{"agreement":true},"constructor":{"prototype":{"x":1}}}', json, 400],
    ["deep JSON", `${'{"a":'.repeat(2500)}1${"}".repeat(2500)}`, json, 400],
    ["oversized body", body({ email: `${"a".repeat(limit)}@example.com` }), json, 413],
    ["form with CRLF in sourcePage", "email=ada%40example.com&topics=engineering&agreement=on&sourcePage=%2F%0D%0AX-Injected%3A%201", form],
    ["form with foreign sourcePage", "email=ada%40example.com&sourcePage=%2F%2Fevil.example", form],
    ["form with a malformed escape", "email=%E0%A4%A&topics=%&agreement=on", form],
    ["form with repeated fields", `email=a%40b.co&${"topics=engineering&".repeat(200)}agreement=on`, form],
    ["form empty", "", form],
    ["multipart without boundary", "garbage", { "Content-Type": "multipart/form-data" }],
    [
      "multipart broken",
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nada',
      { "Content-Type": "multipart/form-data; boundary=x" },
    ],
    ["text/plain", "email=ada@example.com", { "Content-Type": "text/plain" }],
    ["no content type", "email=ada@example.com", {}],
  ];
}

/** The rest of the API: consent, collect, preview, revalidate. */
function apiRequests({ previewToken, revalidateSecret }: SweepSecrets): HostileRequest[] {
  const secret = { "X-Revalidate-Secret": revalidateSecret };
  const preview = (path: string) => `/api/preview?token=${encodeURIComponent(previewToken)}&path=${path}`;
  return [
    {
      name: "consent: CRLF in return",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: "choice=all&return=%2F%0D%0AX-Injected%3A%201",
      status: 303,
    },
    {
      name: "consent: return elsewhere",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: "choice=all&return=https%3A%2F%2Fevil.example%2F",
      status: 303,
    },
    {
      name: "consent: protocol-relative return",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: "choice=all&return=%2F%2Fevil.example",
      status: 303,
    },
    {
      name: "consent: backslash return",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: "choice=all&return=%2F%5Cevil.example",
      status: 303,
    },
    {
      name: "consent: javascript return",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: "choice=all&return=javascript%3Aalert(1)",
      status: 303,
    },
    {
      name: "consent: very long return",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: `choice=all&return=%2F${"r".repeat(5000)}`,
      status: 303,
    },
    {
      name: "consent: malformed escape",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: "choice=all&return=%2F%E0%A4%A",
      status: 303,
    },
    { name: "consent: unknown choice", path: "/api/consent", method: "POST", headers: form, body: "choice=everything", status: 400 },
    { name: "consent: JSON body", path: "/api/consent", method: "POST", headers: json, body: '{"choice":"all"}', status: 400 },
    { name: "consent: invalid JSON", path: "/api/consent", method: "POST", headers: json, body: '{"choice":', status: 400 },
    {
      name: "consent: broken multipart",
      path: "/api/consent",
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "x",
      status: 400,
    },
    {
      name: "consent: oversized",
      path: "/api/consent",
      method: "POST",
      headers: form,
      body: `choice=all&x=${"x".repeat(limit)}`,
      status: 413,
    },
    { name: "collect: invalid JSON", path: "/api/collect", method: "POST", headers: json, body: "{", status: 400 },
    {
      name: "collect: path not local",
      path: "/api/collect",
      method: "POST",
      headers: json,
      body: '{"id":"x","path":"https://evil.example"}',
      status: 400,
    },
    { name: "collect: huge numbers", path: "/api/collect", method: "POST", headers: json, body: '{"id":1e999,"path":-1e999}', status: 400 },
    {
      name: "collect: deep JSON",
      path: "/api/collect",
      method: "POST",
      headers: json,
      body: `${"[".repeat(7000)}${"]".repeat(7000)}`,
      status: 400,
    },
    {
      name: "collect: oversized",
      path: "/api/collect",
      method: "POST",
      headers: json,
      body: JSON.stringify({ id: "x", path: `/${"p".repeat(limit)}` }),
      status: 413,
    },
    { name: "preview: no token", path: "/api/preview?path=/blog", status: 401 },
    { name: "preview: wrong token", path: "/api/preview?token=wrong&path=/blog", status: 401 },
    { name: "preview: CRLF token", path: "/api/preview?token=%0d%0aX-Injected:%201&path=/", status: 401 },
    { name: "preview: token twice", path: `/api/preview?token=wrong&token=${encodeURIComponent(previewToken)}&path=/`, status: 401 },
    { name: "preview: CRLF in path", path: preview("/%0d%0aX-Injected:%201"), status: 400 },
    { name: "preview: LF in path", path: preview("/blog%0aX-Injected:1"), status: 400 },
    { name: "preview: protocol-relative path", path: preview("//evil.example"), status: 400 },
    { name: "preview: backslash path", path: preview("/%5c%5cevil.example"), status: 400 },
    { name: "preview: absolute URL", path: preview("https://evil.example/"), status: 400 },
    { name: "preview: javascript path", path: preview("javascript:alert(1)"), status: 400 },
    { name: "preview: NUL in path", path: preview("/blog%00"), status: 400 },
    { name: "preview: unicode line separator", path: preview("/bl%E2%80%A8og"), status: 302 },
    { name: "preview: lone percent", path: preview("/%"), status: 302 },
    { name: "preview: very long path", path: preview(`/${"l".repeat(5000)}`), status: 400 },
    { name: "preview exit: CRLF in path", path: "/api/preview/exit?path=/%0d%0aX-Injected:%201", status: 302 },
    { name: "preview exit: elsewhere", path: "/api/preview/exit?path=https://evil.example", status: 302 },
    { name: "preview header: wrong token", path: "/", headers: { "X-Preview-Token": "wrong" }, status: 401 },
    { name: "preview header: empty token", path: "/", headers: { "X-Preview-Token": "" }, status: 401 },
    { name: "preview cookie: garbage", path: "/", headers: { Cookie: "meridian_preview=%E0%A4%A" }, status: 401 },
    {
      name: "preview cookie: the raw token",
      path: "/",
      headers: { Cookie: `meridian_preview=${encodeURIComponent(previewToken)}` },
      status: 401,
    },
    { name: "consent cookie: garbage", path: "/", headers: { Cookie: "meridian_consent=%E0%A4%A; ;;=;; x" }, status: 200 },
    { name: "cookie header huge", path: "/", headers: { Cookie: `a=${"c".repeat(6000)}` }, status: 200 },
    { name: "revalidate: no secret", path: "/api/revalidate", method: "POST", headers: json, body: '{"collection":"posts"}', status: 401 },
    { name: "revalidate: invalid JSON", path: "/api/revalidate", method: "POST", headers: { ...json, ...secret }, body: "{", status: 400 },
    { name: "revalidate: JSON array", path: "/api/revalidate", method: "POST", headers: { ...json, ...secret }, body: "[]", status: 400 },
    {
      name: "revalidate: collection an object",
      path: "/api/revalidate",
      method: "POST",
      headers: { ...json, ...secret },
      body: '{"collection":{"a":1}}',
      status: 400,
    },
    {
      name: "revalidate: unknown collection",
      path: "/api/revalidate",
      method: "POST",
      headers: { ...json, ...secret },
      body: '{"collection":"directus_users"}',
      status: 200,
    },
    {
      name: "revalidate: proto collection",
      path: "/api/revalidate",
      method: "POST",
      headers: { ...json, ...secret },
      body: '{"collection":"__proto__"}',
      status: 200,
    },
    {
      name: "revalidate: keys huge",
      path: "/api/revalidate",
      method: "POST",
      headers: { ...json, ...secret },
      body: '{"collection":"nope","keys":[1e999,{"a":1},null]}',
      status: 200,
    },
    {
      name: "revalidate: deep JSON",
      path: "/api/revalidate",
      method: "POST",
      headers: { ...json, ...secret },
      body: `${'{"a":'.repeat(2500)}1${"}".repeat(2500)}`,
      status: 400,
    },
    {
      name: "revalidate: oversized",
      path: "/api/revalidate",
      method: "POST",
      headers: { ...json, ...secret },
      body: JSON.stringify({ collection: "posts", pad: "p".repeat(limit) }),
      status: 413,
    },
  ];
}

/** Methods other than the ones a path takes, and API addresses no endpoint has. */
const methodRows: [string, string, number][] = [
  ["PUT", "/", 405],
  ["DELETE", "/blog", 405],
  ["PATCH", "/careers", 405],
  ["OPTIONS", "/", 405],
  ["POST", "/", 405],
  ["POST", "/blog/rss.xml", 405],
  ["POST", "/sitemap.xml", 405],
  ["POST", "/robots.txt", 405],
  ["PUT", "/_next/image?url=/favicon.svg&w=640", 405],
  ["POST", "/api/preview?path=/", 405],
  ["PUT", "/api/subscribe", 405],
  ["DELETE", "/api/consent", 405],
  ["PATCH", "/api/collect", 405],
  ["OPTIONS", "/api/revalidate", 405],
  ["PUT", "/graphql", 405],
  ["OPTIONS", "/graphql", 405],
  ["GET", "/graphql", 405],
  ["GET", "/api/subscribe", 405],
  ["GET", "/api/consent", 405],
  ["POST", "/api/forms", 404],
  ["POST", "/api/forms/contact-sales/extra", 404],
  ["HEAD", "/", 200],
  ["HEAD", "/no/such/page", 404],
];

/**
 * The classes of value that make a backtracking engine slow on a pattern of letters and spaces
 * (nested or overlapping repetitions meeting a character they cannot take), 200 characters each.
 */
const slowValues: [string, string][] = [
  ["exponential", `${"a".repeat(199)}!`],
  ["polynomial", `a${" ".repeat(198)}!`],
  ["alternation", `${"ab".repeat(99)}a!`],
];

/**
 * The mock API (the seeded document, which the mock Directus and the real stack both serve): every
 * parameter and top-level body field with a `pattern`, sent each slow value in an otherwise
 * documented request. Each is refused with 400 naming the field, checked on RE2 (the site's
 * linear-time matcher), never a hang.
 */
function mockApiPatternRows(): HostileRequest[] {
  const { reference } = processApiDocument(apiReferenceDocument) as { reference: ApiReference };
  const rows: HostileRequest[] = [];
  for (const operation of reference.operations) {
    const body = operation.requestBody?.example;
    const targets = [
      ...operation.parameters
        .filter((parameter) => parameter.schema.pattern && parameter.in !== "cookie")
        .map((parameter) => parameter.name),
      ...Object.entries(operation.requestBody?.schema?.properties ?? {})
        .filter(([, schema]) => schema.pattern && body && typeof body === "object")
        .map(([name]) => `body.${name}`),
    ];
    for (const target of targets) {
      for (const [kind, value] of slowValues) {
        let path = operation.path;
        const query = new URLSearchParams();
        const headers: Record<string, string> = { ...json, Authorization: "Bearer mrd_test_example" };
        for (const parameter of operation.parameters) {
          const text = parameter.name === target ? value : String(parameter.example ?? "x");
          if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
          else if (parameter.in === "query" && (parameter.required || parameter.name === target)) query.set(parameter.name, text);
          else if (parameter.in === "header" && (parameter.required || parameter.name === target)) headers[parameter.name] = text;
        }
        const sent = target.startsWith("body.") ? { ...(body as object), [target.slice(5)]: value } : body;
        rows.push({
          name: `mock API pattern: ${operation.method} ${operation.path} ${target} ${kind}`,
          path: `/api/mock${path}${query.size ? `?${query}` : ""}`,
          method: operation.method,
          headers,
          body: sent === undefined || sent === null ? undefined : JSON.stringify(sent),
          status: 400,
        });
      }
    }
  }
  return rows;
}

/** The whole table. `previewToken`/`revalidateSecret` are the secrets of the worker under test. */
export function hostileRequests(secrets: SweepSecrets): HostileRequest[] {
  const rows: HostileRequest[] = [
    ...oddPaths.map(([name, path]) => ({ name: `path: ${name}`, path })),
    ...oddQueries.map(([name, path]) => ({ name: `query: ${name}`, path })),
    ...imageQueries.map(([name, query, status]) => ({ name: `image: ${name}`, path: `/_next/image?${query}`, status })),
    ...graphqlBodies().map(([name, body, headers, status]) => ({
      name: `graphql: ${name}`,
      path: "/graphql",
      method: "POST",
      headers,
      body,
      status,
    })),
    ...subscribeBodies().map(([name, body, headers, status]) => ({
      name: `subscribe: ${name}`,
      path: "/api/subscribe",
      method: "POST",
      headers,
      body,
      status,
    })),
    ...apiRequests(secrets),
    ...methodRows.map(([method, path, status]) => ({ name: `method: ${method} ${path}`, path, method, status })),
    ...mockApiPatternRows(),
  ];
  const names = new Set<string>();
  for (const row of rows) {
    if (names.has(row.name)) throw new Error(`duplicate sweep row ${row.name}`);
    names.add(row.name);
  }
  return rows;
}

/** Everything wrong with one answer to a hostile request (empty: it passed). */
export function sweepProblems(row: HostileRequest, response: Response, body: string): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500) problems.push(`answered ${status}: ${body.slice(0, 200)}`);
  if (row.status !== undefined && status !== row.status) problems.push(`expected ${row.status}, got ${status}: ${body.slice(0, 200)}`);
  for (const [name, value] of response.headers) {
    if (/injected/i.test(name) || /injected/i.test(value)) problems.push(`header injected: ${name}: ${value}`);
  }
  if (status >= 300 && status < 400) {
    const location = response.headers.get("location") ?? "";
    if (!/^\/(?![/\\])/.test(location)) problems.push(`redirects off the site: "${location}"`);
  }
  if (status >= 400 && row.method !== "HEAD") {
    const message = readableMessage(response.headers.get("content-type") ?? "", body);
    if (!message) problems.push(`refusal without a readable message: ${body.slice(0, 200)}`);
    else if (/\bat .+:\d+:\d+|TypeError|SyntaxError|ReferenceError|\[object Object\]|undefined/.test(message)) {
      problems.push(`refusal leaks internals: ${message.slice(0, 200)}`);
    }
  }
  return problems;
}

/** The human message of a refusal: plain text, a JSON message, or the visible text of an HTML page. */
function readableMessage(contentType: string, body: string): string | null {
  let text = body;
  if (contentType.includes("json")) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] };
      text = String(parsed.message ?? parsed.error ?? parsed.errors?.[0]?.message ?? "");
    } catch {
      return null;
    }
  } else if (contentType.includes("html")) {
    text = body
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
  }
  text = text.trim();
  // Words, not a code: at least two of them ("Invalid value", the form's own message).
  return (text.match(/\p{L}{2,}/gu) ?? []).length >= 2 ? text : null;
}
