/**
 * Texts of the seeded reviews and replies (seeded ratings become real reviews). Generic
 * enough for every trade; `{service}` is the booked service's title in lower case. An empty
 * string is a rating without words, as real customers leave too.
 */

/** Review texts by star rating (index 0 = 1 star). */
export const REVIEW_TEXTS: readonly (readonly string[])[] = [
  [
    'Arrived two hours late and left before the job was finished. I had to call someone else.',
    'Not happy. The {service} had to be redone a week later.',
    'Nobody told me they would be late, and the price on the day was higher than booked.',
    'Poor communication from start to finish.',
  ],
  [
    'The work was fine in the end, but it took three visits to get there.',
    'Friendly enough, but rushed. Some of the {service} was left half done.',
    'Showed up late and the clean-up afterwards was not great.',
    '',
  ],
  [
    'Did the job. Nothing special, nothing wrong.',
    'Good result, though they arrived 40 minutes after the slot started.',
    'Decent {service}. A bit pricey for what it was.',
    'Fine overall. Would have liked a clearer explanation of what was done.',
    '',
  ],
  [
    'Solid work and fair price. Arrived a little late but called ahead.',
    'Very good {service}. Tidy, polite and quick.',
    'Happy with the result. Booking was easy and they kept me updated.',
    'Good job overall, would book again.',
    'Knew exactly what to do. Only minus: parking took them a while.',
    '',
  ],
  [
    'Absolutely brilliant. On time, careful, and left the place spotless.',
    'Best {service} I have booked. Explained everything and the price was exactly as quoted.',
    'Fast, friendly and professional. Already booked them again.',
    'Came the same week, sorted it in under an hour. Highly recommend.',
    'Really careful work and great communication before and after the visit.',
    'Five stars. Polite, punctual and clearly knows the trade.',
    'Could not be happier with the {service}. Worth every penny.',
    'They noticed a second problem and fixed it without upselling me. Honest and skilled.',
    'Super easy from booking to payment. The start code thing gave me real peace of mind.',
    'Great job, great person. Thank you!',
    '',
  ],
];

/** The pro's thank-you to a good review (4–5 stars). */
export const THANKS_REPLIES: readonly string[] = [
  'Thank you so much! It was a pleasure working with you.',
  'Thanks for the kind words — see you next time.',
  'Really appreciate you taking the time to write this. Thank you!',
  'Thank you! Glad everything went smoothly.',
];

/** The pro's answer to a poor or middling review (1–3 stars). */
export const SORRY_REPLIES: readonly string[] = [
  'Sorry we fell short this time. We have changed how we schedule visits so it does not happen again.',
  'Thanks for the honest feedback. Please message us — we would like to put this right.',
  'We apologise for the delay. The traffic was no excuse for not letting you know sooner.',
];
