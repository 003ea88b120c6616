import { graphqlRequest, type ContentClientOptions } from "../../content/client.server";
import { sha256Hex } from "../../lib/digest";
import type { Bindings } from "../../env";
import { submissionsToken } from "../../content/create-once.server";

/** A validated subscription, as queued and stored. */
export interface Subscription {
  email: string;
  topics: string[];
  agreedAt: string;
  sourcePage: string | null;
}

const subscribeMutation = /* GraphQL */ `
mutation Subscribe($data: create_newsletter_subscriptions_input!) {
  create_newsletter_subscriptions_item(data: $data)
}`;

/** KV marker of a stored email + topic set: a repeat is not stored twice. */
async function subscriptionKey(subscription: Pick<Subscription, "email" | "topics">): Promise<string> {
  const identity = `${subscription.email.trim().toLowerCase()}|${[...subscription.topics].sort().join(",")}`;
  return `sub:${await sha256Hex(identity)}`;
}

/**
 * Stores a subscription in Directus through POST /graphql with the create-only token.
 * Throws on failure (the caller queues it); a repeat of a stored email + topics is skipped.
 */
export async function storeSubscription(
  subscription: Subscription,
  env: Bindings,
  options: Pick<ContentClientOptions, "fetch" | "timeoutMs"> = {},
): Promise<"stored" | "duplicate"> {
  const key = await subscriptionKey(subscription);
  if (await env.CONTENT_CACHE.get(key)) return "duplicate";
  await graphqlRequest(
    {
      query: subscribeMutation,
      operationName: "Subscribe",
      variables: {
        data: {
          email: subscription.email.trim(),
          topics: subscription.topics,
          agreed_at: subscription.agreedAt,
          source_page: subscription.sourcePage,
        },
      },
    },
    { apiBaseUrl: env.API_BASE_URL, token: submissionsToken(env), ...options },
  );
  await env.CONTENT_CACHE.put(key, subscription.agreedAt);
  return "stored";
}
