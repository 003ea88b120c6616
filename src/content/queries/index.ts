import type { Operation } from "../operation";
import { blogAuthorQuery, blogPostQuery, blogPostsQuery } from "./blog";
import { careersJobQuery, careersJobsQuery } from "./careers";
import { eventDetailQuery, eventsListQuery } from "./events";
import { homeQuery } from "./home";
import { sitemapQuery } from "./sitemap";
import { searchProposalsQuery, searchQuery } from "./search";
import { siteChromeQuery } from "./site";

/**
 * Every operation the site runs. The site's own /graphql endpoint accepts these and nothing
 * else; the schema test validates each document against Directus' SDL.
 */
export const operations: Operation<any, any>[] = [
  siteChromeQuery,
  homeQuery,
  searchQuery,
  searchProposalsQuery,
  sitemapQuery,
  blogPostsQuery,
  blogPostQuery,
  blogAuthorQuery,
  careersJobsQuery,
  careersJobQuery,
  eventsListQuery,
  eventDetailQuery,
  // (each page domain adds its operations here)
];

export const operationByName = new Map(operations.map((operation) => [operation.name, operation]));
