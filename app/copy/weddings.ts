import { optionsOf, WEDDING_BUDGET_LABELS } from "~/entities/inquiry/options";

/** Copy and media of /weddings (SPEC section 2). */

const photo = (n: number, alt: string) => ({
  src: `/media/weddings/wedding-${String(n).padStart(2, "0")}.webp`,
  alt,
});

export const WEDDINGS = {
  hero: {
    eyebrow: "Northlight Weddings",
    headline: "Your wedding, filmed like a feature.",
    intro:
      "A small number of couples each year get the crew behind our commercials and music videos: cinema cameras, natural light, no staged moments, and a film you'll watch for decades.",
    primary: "Get a Quote",
    secondary: "Check Availability",
    image: {
      src: "/media/weddings/wedding-hero.webp",
      alt: "A couple walking through tall grass at golden hour",
    },
  },
  services: {
    eyebrow: "What's included",
    heading: "Five ways we tell your day.",
    items: [
      {
        title: "Cinematic Highlight Film",
        body: "A five-to-eight minute film of the whole day, cut like a short with licensed music and a full color grade.",
      },
      {
        title: "Full Ceremony & Speeches",
        body: "Multi-camera coverage of the ceremony and every toast, with clean audio from discreet microphones.",
      },
      {
        title: "Drone & Aerials",
        body: "Licensed drone pilots for the venue, the landscape and the send-off, where the venue allows it.",
      },
      {
        title: "Same-Day Teaser",
        body: "A one-minute teaser edited on site and played at the reception, or posted before the last dance.",
      },
      {
        title: "Photography Add-On",
        body: "Editorial stills from a photographer who works alongside our film crew, delivered in an online gallery.",
      },
    ],
  },
  gallery: {
    eyebrow: "Gallery",
    heading: "Moments, not poses.",
    intro: "Stills from recent weddings in Malibu, Ojai, Joshua Tree and downtown Los Angeles.",
    open: "Open photo",
    previous: "Previous photo",
    next: "Next photo",
    close: "Close",
    photos: [
      photo(1, "The first look under an old oak in Ojai"),
      photo(2, "Rings on a linen napkin beside a glass of champagne"),
      photo(3, "Bride laughing with her bridesmaids before the ceremony"),
      photo(4, "Ceremony on a Malibu bluff at sunset"),
      photo(5, "A grandmother's hands fastening a necklace"),
      photo(6, "The couple silhouetted against the Joshua Tree desert"),
      photo(7, "Guests throwing petals as the couple walks out"),
      photo(8, "A quiet moment between vows in a downtown loft"),
      photo(9, "The first dance under string lights"),
      photo(10, "A toast from the best man, mid-story"),
      photo(11, "Sparklers lining the send-off"),
      photo(12, "The couple driving away at dusk"),
    ],
  },
  testimonials: {
    eyebrow: "Kind words",
    heading: "From our couples.",
    previous: "Previous testimonial",
    next: "Next testimonial",
    items: [
      {
        quote:
          "We've watched our film more times than we can count. It doesn't feel like a wedding video; it feels like the day itself, and everyone who was there says the same.",
        author: "Elena & Marcus",
        detail: "Ojai, May 2024",
      },
      {
        quote:
          "They were invisible all day and somehow caught everything: my dad's speech, my grandmother dancing, the rain that stopped just in time.",
        author: "Priya & Daniel",
        detail: "Malibu, September 2024",
      },
      {
        quote:
          "The same-day teaser at the reception had the whole room in tears. Worth every cent, and the full film was even better.",
        author: "Jordan & Sam",
        detail: "Downtown Los Angeles, October 2024",
      },
    ],
  },
  pricing: {
    heading: "Weddings starting at $4,500",
    body: "Every package includes a pre-wedding call, a two-person crew, a highlight film and online delivery within eight weeks. We take a limited number of dates each season.",
    availability: "Check Availability",
    portfolio: "View our portfolio",
  },
  form: {
    eyebrow: "Inquire",
    heading: "Tell us about your day.",
    intro:
      "Share the basics and we'll reply with availability and a tailored quote within 24 hours.",
    fields: {
      name: "Your names",
      email: "Email",
      weddingDate: "Wedding date",
      location: "Location",
      budgetRange: "Budget range",
      budgetPlaceholder: "Select a range",
      vision: "Your vision",
      visionPlaceholder: "The venue, the mood, the moments you don't want to miss…",
    },
    budgetOptions: optionsOf(WEDDING_BUDGET_LABELS),
    submit: "Send Inquiry",
    sending: "Sending...",
  },
  seo: {
    title: "Wedding Films in Los Angeles | Northlight Studio",
    description:
      "Cinematic wedding films by the Northlight Studio crew: highlight films, full ceremony coverage, drone and same-day teasers. Weddings starting at $4,500.",
  },
} as const;
