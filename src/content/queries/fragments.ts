/** Fragments shared by several queries. Kept as strings: the documents are plain GraphQL. */
export const fileFields = /* GraphQL */ `
fragment FileFields on directus_files {
  id
  title
  filename_download
  modified_on
  width
  height
}`;

export const authorCardFields = /* GraphQL */ `
fragment AuthorCardFields on authors {
  id
  first_name
  second_name
  short_description
  linkedin_link
  avatar_url
  avatar { ...FileFields }
}`;

export const postCardFields = /* GraphQL */ `
fragment PostCardFields on posts {
  id
  slug
  title
  description
  published_at
  tags
  cover { ...FileFields }
  author { ...AuthorCardFields }
}`;

export const eventCardFields = /* GraphQL */ `
fragment EventCardFields on events {
  id
  slug
  title
  start_at
  end_at
  online
  venue
  location
  booth
  booking_link
  cover { ...FileFields }
}`;
