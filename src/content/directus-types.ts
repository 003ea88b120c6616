/** Shapes as Directus' GraphQL returns them (ids are strings, dates ISO strings). */
export interface DirectusFile {
  id: string;
  title: string | null;
  filename_download: string;
  modified_on: string | null;
  width: number | null;
  height: number | null;
}

export interface DirectusAuthorCard {
  id: string;
  first_name: string | null;
  second_name: string | null;
  short_description: string | null;
  linkedin_link: string | null;
  avatar_url: string | null;
  avatar: DirectusFile | null;
}

export interface DirectusPostCard {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  published_at: string | null;
  tags: string[] | null;
  cover: DirectusFile | null;
  author: DirectusAuthorCard | null;
}

export interface DirectusEventCard {
  id: string;
  slug: string;
  title: string;
  start_at: string;
  end_at: string | null;
  online: boolean | null;
  venue: string | null;
  location: string | null;
  booth: string | null;
  booking_link: string | null;
  cover: DirectusFile | null;
}
