import { EBOOK_TITLE } from "@/lib/ebook/chapters";
import { site } from "@/lib/site";
import { cn } from "@/lib/utils";


/**
 * The e-book cover, drawn as inline SVG (no image request): a night-blue cover with
 * chart-paper lines, a price line that jumps at a tariff marker and is then held flat by a
 * shield, a stack of shipping containers, the title, the edition ribbon and the author.
 * `idPrefix` keeps gradient ids unique when the cover appears more than once on a page.
 */
export function EbookCover({ className, idPrefix = "cover", decorative = false }: { className?: string; idPrefix?: string; decorative?: boolean }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const a11y = decorative
    ? { "aria-hidden": true as const }
    : { role: "img", "aria-labelledby": id("title") };
  return (
    <svg
      viewBox="0 0 360 480"
      xmlns="http://www.w3.org/2000/svg"
      className={cn("h-auto w-full drop-shadow-2xl", className)}
      data-testid="ebook-cover"
      {...a11y}
    >
      {decorative ? null : <title id={id("title")}>{`Cover of ${EBOOK_TITLE}, by ${site.operator}`}</title>}
      <defs>
        <linearGradient id={id("bg")} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b1b3f" />
          <stop offset="0.55" stopColor="#132c6b" />
          <stop offset="1" stopColor="#1d4ed8" />
        </linearGradient>
        <linearGradient id={id("spine")} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#000" stopOpacity="0.35" />
          <stop offset="1" stopColor="#000" stopOpacity="0" />
        </linearGradient>
        <linearGradient id={id("shield")} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4ade80" />
          <stop offset="1" stopColor="#15803d" />
        </linearGradient>
        <pattern id={id("grid")} width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0V24" fill="none" stroke="#ffffff" strokeOpacity="0.07" strokeWidth="1" />
        </pattern>
      </defs>

      {/* Board, chart paper and spine shadow */}
      <rect width="360" height="480" rx="10" fill={`url(#${id("bg")})`} />
      <rect width="360" height="480" rx="10" fill={`url(#${id("grid")})`} />
      <rect width="22" height="480" fill={`url(#${id("spine")})`} />

      {/* Imprint line */}
      <text x="44" y="52" fill="#93c5fd" fontFamily="system-ui, sans-serif" fontSize="12" fontWeight="700" letterSpacing="3">
        TARIFFWATCH GUIDES
      </text>
      <rect x="44" y="62" width="44" height="3" rx="1.5" fill="#fbbf24" />

      {/* Title */}
      <text fill="#ffffff" fontFamily="system-ui, sans-serif" fontWeight="800">
        <tspan x="42" y="112" fontSize="22" fontWeight="600" fill="#cbd5e1">
          The
        </tspan>
        <tspan x="42" y="152" fontSize="46" letterSpacing="1">
          TARIFF
        </tspan>
        <tspan x="42" y="196" fontSize="46" letterSpacing="1">
          SURVIVAL
        </tspan>
        <tspan x="42" y="240" fontSize="46" letterSpacing="1" fill="#fbbf24">
          GUIDE
        </tspan>
      </text>
      <text fill="#dbeafe" fontFamily="system-ui, sans-serif" fontSize="13">
        <tspan x="44" y="268">Protect your household budget</tspan>
        <tspan x="44" y="286">from rising import prices</tspan>
      </text>

      {/* Price line: flat, jumps at the tariff marker, then held by the shield */}
      <g transform="translate(0 8)">
        <line x1="218" y1="300" x2="218" y2="372" stroke="#fbbf24" strokeWidth="1.5" strokeDasharray="4 4" />
        <text x="222" y="306" fill="#fbbf24" fontFamily="system-ui, sans-serif" fontSize="9" fontWeight="700" letterSpacing="1">
          TARIFF
        </text>
        <polyline
          points="44,362 90,358 132,360 176,354 218,350 236,318 262,310 300,312 324,308"
          fill="none"
          stroke="#f87171"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="324" cy="308" r="5" fill="#f87171" />
        {/* Shield with a check */}
        <path d="M288 318 l26 -10 l26 10 v18 c0 18 -12 30 -26 36 c-14 -6 -26 -18 -26 -36 z" fill={`url(#${id("shield")})`} stroke="#ffffff" strokeWidth="2.5" />
        <path d="M302 338 l8 8 l15 -17" fill="none" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </g>

      {/* Container stack */}
      <g>
        <rect x="44" y="392" width="86" height="34" rx="2" fill="#b91c1c" />
        <rect x="134" y="392" width="86" height="34" rx="2" fill="#1d4ed8" stroke="#93c5fd" strokeWidth="1" />
        <rect x="89" y="356" width="86" height="34" rx="2" fill="#d97706" />
        {[0, 1, 2, 3, 4, 5, 6].map((i) => (
          <g key={i} stroke="#000" strokeOpacity="0.22" strokeWidth="2">
            <line x1={54 + i * 11} y1="396" x2={54 + i * 11} y2="422" />
            <line x1={144 + i * 11} y1="396" x2={144 + i * 11} y2="422" />
            <line x1={99 + i * 11} y1="360" x2={99 + i * 11} y2="386" />
          </g>
        ))}
        <rect x="36" y="428" width="194" height="4" rx="2" fill="#93c5fd" fillOpacity="0.6" />
      </g>

      {/* Edition ribbon */}
      <g transform="translate(236 402)">
        <rect width="104" height="26" rx="13" fill="#ffffff" fillOpacity="0.12" stroke="#ffffff" strokeOpacity="0.4" />
        <text x="52" y="17" textAnchor="middle" fill="#ffffff" fontFamily="system-ui, sans-serif" fontSize="10" fontWeight="700" letterSpacing="1">
          9 CHAPTERS
        </text>
      </g>

      {/* Author */}
      <text x="44" y="458" fill="#cbd5e1" fontFamily="system-ui, sans-serif" fontSize="11" letterSpacing="0.5">
        {site.operator}
      </text>
    </svg>
  );
}
