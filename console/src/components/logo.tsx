export function Logo({ light = false }: { light?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-2 text-xl font-bold tracking-tight ${light ? 'text-white' : 'text-primary-700'}`}
    >
      <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
        <rect width="24" height="24" rx="5" fill={light ? '#ffffff' : '#019939'} />
        <path d="M6 6h12v9H6z" fill={light ? '#019939' : '#ffffff'} />
        <path d="M10 17h4v2h-4z" fill={light ? '#019939' : '#ffffff'} />
      </svg>
      Oppslag
    </span>
  );
}
