// Forms visitors fill in on the site. `notify_email` receives each submission (the flow
// "Notify about a form submission"); locally mail goes nowhere (sendmail is /bin/true).

export const forms = [
  {
    key: "contact-sales",
    title: "Tell us about your workload",
    submit_label: "Send to sales",
    success_message: "Thank you. A solutions engineer will reply within one working day.",
    notify_email: "sales@meridian.example",
    fields: [
      { name: "name", type: "text", label: "Your name", required: true, max_length: 120 },
      { name: "email", type: "email", label: "Work e-mail", required: true, placeholder: "you@company.com" },
      { name: "company", type: "text", label: "Company", max_length: 120 },
      {
        name: "company_size",
        type: "select",
        label: "Company size",
        choices: [
          { value: "1-50", text: "1–50 people" },
          { value: "51-500", text: "51–500 people" },
          { value: "501+", text: "More than 500 people" },
        ],
      },
      // Shown (and stored) only once a company size is chosen.
      {
        name: "monthly_spend",
        type: "select",
        label: "Expected monthly spend",
        required: true,
        show_when_field: "company_size",
        choices: [
          { value: "under-10k", text: "Under 10,000 USD" },
          { value: "10k-100k", text: "10,000–100,000 USD" },
          { value: "over-100k", text: "Over 100,000 USD" },
        ],
      },
      {
        name: "topic",
        type: "select",
        label: "What is it about?",
        required: true,
        choices: [
          { value: "reserved-capacity", text: "Reserved capacity" },
          { value: "large-cluster", text: "A large cluster" },
          { value: "proof-of-concept", text: "A proof of concept" },
          { value: "pricing", text: "Pricing" },
        ],
      },
      {
        name: "gpus",
        type: "text",
        label: "GPUs you need",
        help_text: "An estimate is fine.",
        placeholder: "64",
        pattern: "[0-9]{1,5}",
        pattern_message: "A number of GPUs, like 64",
      },
      {
        name: "message",
        type: "textarea",
        label: "Message",
        required: true,
        min_length: 10,
        help_text: "The model size, the token budget and the date you need capacity.",
      },
      {
        name: "reply_by",
        type: "radio",
        label: "How should we reply?",
        choices: [
          { value: "email", text: "E-mail" },
          { value: "call", text: "A call" },
        ],
      },
      {
        name: "architecture",
        type: "file",
        label: "Architecture diagram",
        help_text: "Helps us size the cluster.",
        accept: ["pdf", "png"],
        max_size_mb: 10,
      },
      { name: "consent", type: "checkbox", label: "Meridian may contact me about this request.", required: true },
      { name: "origin", type: "hidden", label: "Origin", default_value: "contact-sales-page" },
    ],
  },
];
