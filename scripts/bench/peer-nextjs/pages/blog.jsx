// The peer of the site's /blog: the same head tags, page chrome and post cards, from a snapshot
// the bench takes of the site's own /blog (data/blog.json). The chrome (header, hero, footer,
// dialogs) is rendered element by element from the snapshot's tree, so React does the same
// elements, attributes and text as the site's components; the post list is a component over
// the posts getServerSideProps hands over on every request.
import Head from "next/head";
import { createElement } from "react";
import snapshot from "../data/blog.json";

/** A snapshot node: a string (text) or { t: tag, p: props, c: children } or { slot: "posts" }. */
function node(value, key, posts) {
  if (typeof value === "string") return value;
  if (value.slot === "posts") return <PostList key={key} posts={posts} />;
  const children = value.c?.map((child, index) => node(child, index, posts));
  return createElement(value.t, { ...value.p, key }, ...(children ?? []));
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const widths = [640, 750, 828, 1080, 1200];

function imageUrl(file, width) {
  const source = `${snapshot.assetBase}/assets/${file.id}?v=${Date.parse(`${file.modified_on}Z`).toString(36)}`;
  return `/_next/image?url=${encodeURIComponent(source)}&w=${width}&q=75`;
}

function PostCard({ post }) {
  return (
    <article className="group border-line bg-surface relative flex flex-col overflow-hidden rounded-xl border transition-colors hover:border-line-strong">
      {post.cover ? (
        // biome-ignore lint/performance/noImgElement: the site's card markup, not next/image's
        <img
          src={imageUrl(post.cover, 1200)}
          srcSet={widths.map((width) => `${imageUrl(post.cover, width)} ${width}w`).join(", ")}
          sizes="(min-width: 1081px) 400px, (min-width: 577px) 50vw, 100vw"
          width={post.cover.width}
          height={post.cover.height}
          alt=""
          className="bg-surface-sunken aspect-[16/9] w-full object-cover"
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag} className="bg-accent-soft text-accent rounded px-2 py-0.5 text-xs font-semibold">
              {tag}
            </li>
          ))}
        </ul>
        <h2 className="mt-3 text-lg leading-snug font-semibold tracking-tight">
          <a href={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </a>
        </h2>
        <p className="text-ink-muted mt-2 line-clamp-3 text-[0.9375rem]">{post.description}</p>
        <div className="text-ink-subtle mt-auto flex items-center gap-2 pt-5 text-sm">
          {post.author ? <span className="text-ink font-medium">{`${post.author.first_name} ${post.author.second_name}`}</span> : null}
          <span aria-hidden="true">·</span>
          <time dateTime={post.published_at}>{dateFormat.format(new Date(post.published_at))}</time>
        </div>
      </div>
    </article>
  );
}

function PostList({ posts }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id} className="flex">
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

export default function Blog({ posts }) {
  return (
    <>
      <Head>{snapshot.head.map((value, index) => node(value, `h${index}`, posts))}</Head>
      {snapshot.body.map((value, index) => node(value, index, posts.slice(0, snapshot.perPage)))}
    </>
  );
}

// Every request renders (no static generation, no cache); the data is in memory, as the site's
// warm content cache is.
export function getServerSideProps() {
  return { props: { posts: snapshot.posts, site: snapshot.site } };
}
