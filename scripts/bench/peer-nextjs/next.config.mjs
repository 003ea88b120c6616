/** @type {import("next").NextConfig} */
export default {
  // As the worker answers locally: no compression (autocannon asks for none anyway), no extra header.
  compress: false,
  poweredByHeader: false,
  reactStrictMode: false,
};
