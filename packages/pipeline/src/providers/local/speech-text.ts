/**
 * Text as a person reads it aloud, before any speech engine sees it: years ("1879" → eighteen
 * seventy-nine), decades, dates, ordinals, currencies, percentages, units, times, abbreviations
 * and plain numbers become words. Pure and deterministic; the voice speaks this text and the
 * transcriber aligns captions to the same words, so both agree on what was said.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: [number, string][] = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

/** A whole number in words: 2024 → "two thousand twenty-four", 79 → "seventy-nine". */
export function cardinal(n: number): string {
  if (!Number.isSafeInteger(n)) return [...String(n)].map((d) => ONES[Number(d)] ?? d).join(' ');
  if (n < 0) return `minus ${cardinal(-n)}`;
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]!}` : '');
  if (n < 1000)
    return `${ONES[Math.floor(n / 100)]!} hundred${n % 100 ? ` ${cardinal(n % 100)}` : ''}`;
  for (const [size, name] of SCALES)
    if (n >= size) {
      const rest = n % size;
      return `${cardinal(Math.floor(n / size))} ${name}${rest ? ` ${cardinal(rest)}` : ''}`;
    }
  return String(n);
}

const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** An ordinal in words: 1 → "first", 22 → "twenty-second", 100 → "one hundredth". */
export function ordinal(n: number): string {
  const words = cardinal(n);
  const match = /^(.*?)([a-z]+)$/.exec(words)!;
  const last = match[2]!;
  const spoken =
    ORDINAL_WORDS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return match[1]! + spoken;
}

/** Two digits as a year's half reads them: 5 → "oh five", 79 → "seventy-nine". */
const yearHalf = (n: number) => (n < 10 ? `oh ${ONES[n]!}` : cardinal(n));

/**
 * A year as people say it: 1879 → "eighteen seventy-nine", 1900 → "nineteen hundred",
 * 1905 → "nineteen oh five", 2000 → "two thousand", 2005 → "two thousand five",
 * 2024 → "twenty twenty-four".
 */
export function yearWords(year: number): string {
  if (year < 1000 || year > 9999) return cardinal(year);
  const century = Math.floor(year / 100);
  const rest = year % 100;
  if (century % 10 === 0 && rest < 10) return cardinal(year);
  if (rest === 0) return `${cardinal(century)} hundred`;
  return `${cardinal(century)} ${yearHalf(rest)}`;
}

/** A decade's plural: "eighty" → "eighties", "twenty" → "twenties". */
const plural = (words: string) => (words.endsWith('y') ? `${words.slice(0, -1)}ies` : `${words}s`);

/** The decade of a year ending in 0 as people say it: 1990 → "nineteen nineties". */
function decadeWords(year: number): string {
  if (year >= 2000 && year < 2010) return 'two thousands';
  if (year < 100) return plural(cardinal(year));
  const words = yearWords(year);
  return words.endsWith('hundred') ? `${words}s` : plural(words);
}

/** Digits after a decimal point, one by one: "05" → "zero five". */
const digits = (text: string) => [...text].map((d) => ONES[Number(d)]!).join(' ');

/** A number as written ("1,200", "3.5", "-4") in words. */
export function numberWords(text: string): string {
  const [whole = '0', fraction] = text.replace(/,/g, '').split('.');
  const negative = whole.startsWith('-');
  const base = cardinal(Number(negative ? whole.slice(1) : whole) || 0);
  const spoken = fraction ? `${base} point ${digits(fraction)}` : base;
  return negative ? `minus ${spoken}` : spoken;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_NAMES = new Map<string, string>();
MONTHS.forEach((month) => {
  MONTH_NAMES.set(month.toLowerCase(), month);
  MONTH_NAMES.set(month.slice(0, 3).toLowerCase(), month);
});
MONTH_NAMES.set('sept', 'September');
const MONTH_PATTERN = `(?:${[...MONTH_NAMES.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;

const monthOf = (text: string) => MONTH_NAMES.get(text.replace('.', '').toLowerCase())!;

interface Unit {
  one: string;
  many: string;
}
const unit = (one: string, many = `${one}s`): Unit => ({ one, many });

/** Units written after a number, by their symbol (case-sensitive: "m" metres, "M" is no unit). */
const UNITS: Record<string, Unit> = {
  mm: unit('millimetre'),
  cm: unit('centimetre'),
  m: unit('metre'),
  km: unit('kilometre'),
  mg: unit('milligram'),
  g: unit('gram'),
  kg: unit('kilogram'),
  t: unit('tonne'),
  ml: unit('millilitre'),
  l: unit('litre'),
  L: unit('litre'),
  in: unit('inch', 'inches'),
  ft: unit('foot', 'feet'),
  mi: unit('mile'),
  lb: unit('pound'),
  lbs: unit('pound'),
  oz: unit('ounce'),
  mph: unit('mile per hour', 'miles per hour'),
  'km/h': unit('kilometre per hour', 'kilometres per hour'),
  kph: unit('kilometre per hour', 'kilometres per hour'),
  'm/s': unit('metre per second', 'metres per second'),
  '°C': unit('degree Celsius', 'degrees Celsius'),
  '°F': unit('degree Fahrenheit', 'degrees Fahrenheit'),
  '°': unit('degree'),
  Hz: unit('hertz', 'hertz'),
  kHz: unit('kilohertz', 'kilohertz'),
  W: unit('watt'),
  kW: unit('kilowatt'),
  kWh: unit('kilowatt hour'),
  V: unit('volt'),
  KB: unit('kilobyte'),
  MB: unit('megabyte'),
  GB: unit('gigabyte'),
  TB: unit('terabyte'),
  ms: unit('millisecond'),
  s: unit('second'),
  sec: unit('second'),
  min: unit('minute'),
  h: unit('hour'),
  hr: unit('hour'),
  hrs: unit('hour'),
};
const UNIT_PATTERN = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/[/.]/g, '\\$&'))
  .join('|');

const CURRENCIES: Record<string, { one: string; many: string; cent: string; cents: string }> = {
  $: { one: 'dollar', many: 'dollars', cent: 'cent', cents: 'cents' },
  '£': { one: 'pound', many: 'pounds', cent: 'penny', cents: 'pence' },
  '€': { one: 'euro', many: 'euros', cent: 'cent', cents: 'cents' },
  '¥': { one: 'yen', many: 'yen', cent: 'sen', cents: 'sen' },
  '₹': { one: 'rupee', many: 'rupees', cent: 'paisa', cents: 'paise' },
};

/** Abbreviations and what is said for them (a trailing period is part of the abbreviation). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bDr\.(?=\s+\p{Lu})/gu, 'Doctor'],
  [/\bMr\.(?=\s)/g, 'Mister'],
  [/\bMrs\.(?=\s)/g, 'Missus'],
  [/\bMs\.(?=\s)/g, 'Miz'],
  [/\bProf\.(?=\s)/g, 'Professor'],
  [/\bSt\.(?=\s+\p{Lu})/gu, 'Saint'],
  [/(?<=\p{Lu}\p{Ll}+\s)St\.?(?=[\s,.]|$)/gu, 'Street'],
  [/(?<=\p{Lu}\p{Ll}+\s)Ave\.?(?=[\s,.]|$)/gu, 'Avenue'],
  [/\bMt\.(?=\s+\p{Lu})/gu, 'Mount'],
  [/\be\.g\.(?=\W|$)/gi, 'for example'],
  [/\bi\.e\.(?=\W|$)/gi, 'that is'],
  [/\betc\.(?=\W|$)/gi, 'et cetera'],
  [/\bvs\.?(?=\s)/gi, 'versus'],
  [/\bapprox\.(?=\s)/gi, 'approximately'],
  [/\bNo\.(?=\s*\d)/g, 'number'],
  [/\bU\.S\.(?:A\.)?/g, 'U S'],
  [/\bU\.K\./g, 'U K'],
  [/\ba\.m\.(?=\W|$)/gi, 'A M'],
  [/\bp\.m\.(?=\W|$)/gi, 'P M'],
  [/&/g, ' and '],
];

/** A number with optional thousands commas and decimals, as written in text. */
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE_WORDS = String.raw`(?:\s+(thousand|million|billion|trillion))?`;

/** Is `n` (as written, no commas) read as a year in running text? */
const looksLikeYear = (written: string) =>
  /^\d{4}$/.test(written) && Number(written) >= 1100 && Number(written) <= 2099;

/**
 * Replaces every pattern in `text` in turn; each replacement is final, so later rules never
 * re-read what an earlier rule wrote.
 */
export function speakableText(text: string): string {
  let out = text.replace(/[\u2018\u2019]/g, "'").replace(/\u00a0/g, ' ');
  for (const [pattern, words] of ABBREVIATIONS) out = out.replace(pattern, words);

  // Year ranges: "1914–1918", "1939-45".
  out = out.replace(/\b(\d{4})\s*[-–—]\s*(\d{2}|\d{4})\b/g, (all, a: string, b: string) => {
    if (!looksLikeYear(a)) return all;
    const end = b.length === 2 ? Number(a.slice(0, 2) + b) : Number(b);
    if (end <= Number(a)) return all;
    return `${yearWords(Number(a))} to ${yearWords(end)}`;
  });

  // ISO dates: "2021-03-14" → March fourteenth, twenty twenty-one.
  out = out.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (all, y: string, m: string, d: string) => {
    const month = MONTHS[Number(m) - 1];
    if (!month || Number(d) < 1 || Number(d) > 31) return all;
    return `${month} ${ordinal(Number(d))}, ${yearWords(Number(y))}`;
  });
  // "March 14, 1879" / "March 14th" / "Mar. 14".
  out = out.replace(
    new RegExp(
      String.raw`\b(${MONTH_PATTERN})\s+(\d{1,2})(?:st|nd|rd|th)?\b(,?\s+(\d{4})\b)?`,
      'gi',
    ),
    (all, month: string, day: string, withYear?: string, year?: string) => {
      if (Number(day) < 1 || Number(day) > 31) return all;
      const said = `${monthOf(month)} ${ordinal(Number(day))}`;
      return withYear && year ? `${said}, ${yearWords(Number(year))}` : said;
    },
  );
  // "14 March 1879" / "14th of March".
  out = out.replace(
    new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_PATTERN})(\s+(\d{4}))?\b`,
      'gi',
    ),
    (all, day: string, month: string, withYear?: string, year?: string) => {
      if (Number(day) < 1 || Number(day) > 31) return all;
      const said = `the ${ordinal(Number(day))} of ${monthOf(month)}`;
      return withYear && year ? `${said} ${yearWords(Number(year))}` : said;
    },
  );
  // "March 1879".
  out = out.replace(
    new RegExp(String.raw`\b(${MONTH_PATTERN})\s+(\d{4})\b`, 'gi'),
    (_, month: string, year: string) => `${monthOf(month)} ${yearWords(Number(year))}`,
  );

  // Currencies: "$3.50", "$1.5 million", "£20", "€1,000".
  out = out.replace(
    new RegExp(String.raw`([$£€¥₹])\s?(${NUM})${SCALE_WORDS}`, 'g'),
    (_, symbol: string, amount: string, scale?: string) => {
      const money = CURRENCIES[symbol]!;
      if (scale) return `${numberWords(amount)} ${scale} ${money.many}`;
      const [whole = '0', fraction] = amount.replace(/,/g, '').split('.');
      const units = Number(whole);
      const said = `${cardinal(units)} ${units === 1 ? money.one : money.many}`;
      if (fraction === undefined) return said;
      const cents = Number(fraction.padEnd(2, '0').slice(0, 2));
      if (cents === 0) return said;
      const centWords = `${cardinal(cents)} ${cents === 1 ? money.cent : money.cents}`;
      return units === 0 ? centWords : `${said} and ${centWords}`;
    },
  );

  // Percentages: "45%", "3.5 %", "12 percent" stays.
  out = out.replace(
    new RegExp(String.raw`(^|[^\w.])(-?)(${NUM})\s?%`, 'g'),
    (_, before: string, minus: string, n: string) => `${before}${numberWords(minus + n)} percent`,
  );

  // Decades: "1990s", "1800s", "'90s", "the 80s".
  out = out.replace(/\b(\d{3}0)'?s\b/g, (_, year: string) => decadeWords(Number(year)));
  out = out.replace(/(^|\s)['’]?(\d0)'?s\b/g, (_, before: string, decade: string) => {
    return `${before}${plural(cardinal(Number(decade)))}`;
  });

  // Ordinals: "1st", "22nd", "103rd", "4th".
  out = out.replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_, n: string) => ordinal(Number(n)));

  // Times: "3:30 pm", "10:05", "7am".
  const halfDay = (half?: string) => (half ? ` ${half.toUpperCase().split('').join(' ')}` : '');
  out = out.replace(
    /\b(\d{1,2}):(\d{2})(?:\s?(am|pm)\b)?/gi,
    (all, h: string, m: string, half?: string) => {
      if (Number(h) > 23 || Number(m) > 59) return all;
      const minutes = Number(m);
      const said = minutes === 0 ? (half ? '' : " o'clock") : ` ${yearHalf(minutes)}`;
      return `${cardinal(Number(h))}${said}${halfDay(half)}`;
    },
  );
  out = out.replace(
    /\b(\d{1,2})\s?(am|pm)\b/gi,
    (_, h: string, half: string) => `${cardinal(Number(h))}${halfDay(half)}`,
  );

  // Units after a number: "5 km", "20°C", "1 kg", "60 km/h".
  out = out.replace(
    new RegExp(String.raw`(^|[^\w.])(-?)(${NUM})\s?(${UNIT_PATTERN})(?![\p{L}\d])`, 'gu'),
    (_, before: string, minus: string, n: string, symbol: string) => {
      const u = UNITS[symbol]!;
      const one = n === '1' && !minus;
      return `${before}${numberWords(minus + n)} ${one ? u.one : u.many}`;
    },
  );

  // Years in running text, then every other number.
  out = out.replace(
    new RegExp(String.raw`(^|[^\w.,])(-?)(${NUM})(?![\w.]*\d)`, 'g'),
    (all, before: string, minus: string, n: string) => {
      if (!minus && looksLikeYear(n)) return `${before}${yearWords(Number(n))}`;
      return `${before}${numberWords(minus + n)}`;
    },
  );

  return out.replace(/[ \t]{2,}/g, ' ').trim();
}
