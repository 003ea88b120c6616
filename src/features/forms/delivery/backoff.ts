/**
 * Seconds to wait before a webhook's next try after `attempts` failed ones: 30 s, doubling, at
 * most an hour. With the queue's 11 deliveries (max_retries 10) a receiver may be down for about
 * four hours before the submission goes to the dead-letter queue.
 */
export const webhookRetryDelaySeconds = (attempts: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
