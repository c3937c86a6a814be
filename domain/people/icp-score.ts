// Qualification against an ideal customer profile (ICP): a pure, deterministic score so that the
// same contact and profile always get the same verdict, and a client can predict it from the rule.

export const ICP_FIELDS = [
  'industries',
  'company_sizes',
  'countries',
  'job_titles',
  'seniorities',
  'keywords',
] as const;
export type IcpField = (typeof ICP_FIELDS)[number];
export type IcpProfile = Record<IcpField, string[]>;

/** Per list: at most `items` entries of 1..`length` characters. */
export const ICP_LIMITS = { items: 100, length: 200 } as const;

/** Weight of each criterion; they add up to 100 so a full profile scores in plain points. */
export const QUALIFY_WEIGHTS: Record<IcpField, number> = {
  industries: 25,
  company_sizes: 20,
  job_titles: 20,
  countries: 15,
  seniorities: 10,
  keywords: 10,
};

export const QUALIFIED_AT = 70;
export const NOT_QUALIFIED_BELOW = 40;

export type Verdict = 'QUALIFIED' | 'NOT_QUALIFIED' | 'NEEDS_REVIEW';

export interface QualifyResult {
  score: number;
  verdict: Verdict;
  reasons: string[];
}

/** What is known of the person and their company; null: unknown. */
export interface QualifyFacts {
  job_title: string | null;
  seniority: string | null;
  industry: string | null;
  /** An employee band ('201-500', '10000+') or a head count ('350'). */
  company_size: string | null;
  employee_count: number | null;
  country: string | null;
  company_name: string | null;
  technologies: string[];
}

export const QUALIFY_RULE = [
  `Each criterion the ICP sets (a non-empty list) counts with its weight: industries ${QUALIFY_WEIGHTS.industries}, ` +
    `company_sizes ${QUALIFY_WEIGHTS.company_sizes}, job_titles ${QUALIFY_WEIGHTS.job_titles}, countries ${QUALIFY_WEIGHTS.countries}, ` +
    `seniorities ${QUALIFY_WEIGHTS.seniorities}, keywords ${QUALIFY_WEIGHTS.keywords}; criteria left empty are ignored.`,
  'score = round(100 × weight matched ÷ weight of the criteria set). Matching is case-insensitive: industry, country and seniority ' +
    "are equal to an entry; company size is an equal band or lies within a band ('201-500', '1000+'; a head count counts); " +
    'a job title or keyword entry matches when its words appear in order in the job title (keywords also search company name, industry and technologies).',
  'Seniority, when not given, is read from the job title (chief/CxO/founder → C_LEVEL, VP → VP, head → HEAD, director → DIRECTOR, ' +
    'manager → MANAGER, senior/principal/staff → SENIOR). Company facts not given come from the directory by company domain.',
  `Verdict: QUALIFIED when score ≥ ${QUALIFIED_AT}; NOT_QUALIFIED when even matching every unknown fact would stay below ${NOT_QUALIFIED_BELOW}; ` +
    'otherwise NEEDS_REVIEW (so missing facts never make a contact NOT_QUALIFIED). No criterion set at all: score 0, NEEDS_REVIEW. ' +
    'One reason per criterion set. Qualification spends no credits.',
].join(' ');

export function emptyIcp(): IcpProfile {
  return { industries: [], company_sizes: [], countries: [], job_titles: [], seniorities: [], keywords: [] };
}

/** Checks an ICP as an operator or client wrote it; entries are trimmed. Unknown keys are refused. */
export function parseIcpProfile(
  value: unknown,
): { profile: IcpProfile; errors: [] } | { profile: null; errors: { path: string; message: string }[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      profile: null,
      errors: [{ path: '(root)', message: `must be an object with the lists ${ICP_FIELDS.join(', ')}` }],
    };
  }
  const errors: { path: string; message: string }[] = [];
  const profile = emptyIcp();
  for (const [key, list] of Object.entries(value)) {
    if (!(ICP_FIELDS as readonly string[]).includes(key)) {
      errors.push({ path: key, message: `is not a known field (known: ${ICP_FIELDS.join(', ')})` });
      continue;
    }
    if (!Array.isArray(list) || list.length > ICP_LIMITS.items) {
      errors.push({ path: key, message: `must be an array of at most ${ICP_LIMITS.items} strings` });
      continue;
    }
    list.forEach((entry: unknown, i) => {
      const text = typeof entry === 'string' ? entry.trim() : '';
      if (!text || text.length > ICP_LIMITS.length)
        errors.push({ path: `${key}[${i}]`, message: `must be a string of 1 to ${ICP_LIMITS.length} characters` });
      else profile[key as IcpField].push(text);
    });
  }
  return errors.length ? { profile: null, errors } : { profile, errors: [] };
}

/** The stored profile (jsonb, null when unset) in full shape; anything not a string list is ignored. */
export function icpFromStored(stored: unknown): IcpProfile {
  const profile = emptyIcp();
  if (typeof stored !== 'object' || stored === null) return profile;
  for (const field of ICP_FIELDS) {
    const list = (stored as Record<string, unknown>)[field];
    if (Array.isArray(list)) profile[field] = list.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  }
  return profile;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** True when the words of `phrase` appear, in order and adjacent, among the words of `text`. */
export function containsPhrase(text: string, phrase: string): boolean {
  const haystack = words(text);
  const needle = words(phrase);
  if (!needle.length) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((w, j) => haystack[i + j] === w)) return true;
  }
  return false;
}

const SENIORITY_WORDS: [string, string[]][] = [
  ['C_LEVEL', ['chief', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cro', 'cio', 'ciso', 'cpo', 'founder', 'cofounder']],
  ['VP', ['vp', 'svp', 'evp', 'vice president']],
  ['HEAD', ['head']],
  ['DIRECTOR', ['director']],
  ['MANAGER', ['manager']],
  ['SENIOR', ['senior', 'sr', 'principal', 'staff']],
];

/** Seniority read from a job title; null when the title says nothing about it. */
export function seniorityFromTitle(title: string | null): string | null {
  if (!title) return null;
  for (const [level, cues] of SENIORITY_WORDS) if (cues.some((cue) => containsPhrase(title, cue))) return level;
  return null;
}

const seniorityKey = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_');
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** '201-500' → [201, 500], '10000+' → [10000, ∞], '350' → [350, 350]. */
function sizeRange(text: string): [number, number] | null {
  const value = text.trim().replace(/,/g, '');
  let m = /^(\d+)\s*-\s*(\d+)$/.exec(value);
  if (m) return [Number(m[1]), Number(m[2])];
  m = /^(\d+)\s*\+$/.exec(value);
  if (m) return [Number(m[1]), Infinity];
  m = /^(\d+)$/.exec(value);
  return m ? [Number(m[1]), Number(m[1])] : null;
}

function sizeMatches(size: string | null, count: number | null, band: string): boolean {
  if (size && same(size, band)) return true;
  const target = sizeRange(band);
  if (!target) return false;
  const own = size ? sizeRange(size) : null;
  if (own) return own[0] >= target[0] && own[1] <= target[1];
  return count !== null && count >= target[0] && count <= target[1];
}

type Outcome = { state: 'matched' | 'missed'; value: string } | { state: 'unknown' };

function judge(field: IcpField, facts: QualifyFacts, entries: string[]): Outcome {
  switch (field) {
    case 'industries':
      if (!facts.industry) return { state: 'unknown' };
      return { state: entries.some((e) => same(e, facts.industry!)) ? 'matched' : 'missed', value: facts.industry };
    case 'countries':
      if (!facts.country) return { state: 'unknown' };
      return { state: entries.some((e) => same(e, facts.country!)) ? 'matched' : 'missed', value: facts.country };
    case 'company_sizes': {
      if (!facts.company_size && facts.employee_count === null) return { state: 'unknown' };
      const value = facts.company_size ?? String(facts.employee_count);
      return {
        state: entries.some((e) => sizeMatches(facts.company_size, facts.employee_count, e)) ? 'matched' : 'missed',
        value,
      };
    }
    case 'job_titles':
      if (!facts.job_title) return { state: 'unknown' };
      return {
        state: entries.some((e) => containsPhrase(facts.job_title!, e)) ? 'matched' : 'missed',
        value: facts.job_title,
      };
    case 'seniorities': {
      const seniority = facts.seniority ?? seniorityFromTitle(facts.job_title);
      if (!seniority) return { state: 'unknown' };
      return {
        state: entries.some((e) => seniorityKey(e) === seniorityKey(seniority)) ? 'matched' : 'missed',
        value: seniorityKey(seniority),
      };
    }
    case 'keywords': {
      const text = [facts.job_title, facts.company_name, facts.industry, ...facts.technologies]
        .filter(Boolean)
        .join(' | ');
      if (!text) return { state: 'unknown' };
      const hit = entries.find((e) => containsPhrase(text, e));
      return hit ? { state: 'matched', value: hit } : { state: 'missed', value: 'none of the keywords' };
    }
  }
}

const LABELS: Record<IcpField, string> = {
  industries: 'industry',
  company_sizes: 'company size',
  countries: 'country',
  job_titles: 'job title',
  seniorities: 'seniority',
  keywords: 'keywords',
};

export function qualify(facts: QualifyFacts, icp: IcpProfile): QualifyResult {
  // Heaviest criteria first, so reasons read in order of importance.
  const set = (Object.keys(QUALIFY_WEIGHTS) as IcpField[]).filter((field) => icp[field].length > 0);
  if (!set.length) {
    return {
      score: 0,
      verdict: 'NEEDS_REVIEW',
      reasons: ['No ICP profile is set (and no icp_context given): nothing to score against.'],
    };
  }
  const total = set.reduce((sum, field) => sum + QUALIFY_WEIGHTS[field], 0);
  let matched = 0;
  let unknown = 0;
  const reasons: string[] = [];
  for (const field of set) {
    const weight = QUALIFY_WEIGHTS[field];
    const outcome = judge(field, facts, icp[field]);
    if (outcome.state === 'unknown') {
      unknown += weight;
      reasons.push(`${LABELS[field]} unknown (+0 of ${weight})`);
    } else if (outcome.state === 'matched') {
      matched += weight;
      reasons.push(
        field === 'keywords'
          ? `keyword "${outcome.value}" found (+${weight})`
          : `${LABELS[field]} "${outcome.value}" matches the ICP (+${weight})`,
      );
    } else {
      reasons.push(
        field === 'keywords'
          ? `no ICP keyword found (+0 of ${weight})`
          : `${LABELS[field]} "${outcome.value}" is not in the ICP ${field} (+0 of ${weight})`,
      );
    }
  }
  const score = Math.round((100 * matched) / total);
  const best = Math.round((100 * (matched + unknown)) / total);
  let verdict: Verdict;
  if (score >= QUALIFIED_AT) verdict = 'QUALIFIED';
  else if (best < NOT_QUALIFIED_BELOW) verdict = 'NOT_QUALIFIED';
  else verdict = 'NEEDS_REVIEW';
  if (verdict === 'NEEDS_REVIEW' && score < NOT_QUALIFIED_BELOW)
    reasons.push(`score ${score} is low, but unknown facts could lift it to ${best}: review`);
  return { score, verdict, reasons };
}
