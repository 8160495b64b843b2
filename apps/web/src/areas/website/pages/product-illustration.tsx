/**
 * The home page's product picture (product.md §2 "video"): a drawn guillotine cutter whose knife carries an
 * RFID tag, sending its state to the Kerf dashboard — cutting, knife change, interruption — and the
 * knife's cuts. No words inside (the caption under it is translated); an illustration, not a photo.
 */
export function ProductIllustration({ title }: { title: string }) {
  return (
    <svg
      viewBox="0 0 640 360"
      role="img"
      style={{ display: 'block', width: '100%', height: 'auto' }}
      data-testid="product-illustration"
    >
      <title>{title}</title>
      <defs>
        <linearGradient id="kerf-ill-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-steel-8)" />
          <stop offset="1" stopColor="var(--mantine-color-steel-6)" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" rx="12" fill="url(#kerf-ill-bg)" />
      {/* the cutter: frame, pressure beam, knife with its RFID tag, table, paper stack */}
      <g>
        <rect x="60" y="70" width="230" height="24" rx="4" fill="#dde3ea" />
        <rect x="70" y="94" width="22" height="150" fill="#c3ccd6" />
        <rect x="258" y="94" width="22" height="150" fill="#c3ccd6" />
        <rect x="92" y="104" width="166" height="18" rx="3" fill="#8fa0b3" />
        <path d="M96 130 H254 L244 156 H106 Z" fill="#f4f6f8" />
        <rect x="100" y="150" width="150" height="6" fill="#5b6b7d" />
        <circle cx="236" cy="141" r="7" fill="#f59f00" />
        <circle cx="236" cy="141" r="12" fill="none" stroke="#f59f00" strokeWidth="2" opacity="0.6" />
        <rect x="50" y="244" width="250" height="16" rx="3" fill="#dde3ea" />
        <rect x="80" y="260" width="16" height="50" fill="#c3ccd6" />
        <rect x="254" y="260" width="16" height="50" fill="#c3ccd6" />
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <rect key={n} x={120} y={214 + n * 5} width="110" height="4" fill={n % 2 ? '#ffffff' : '#e9edf1'} />
        ))}
      </g>
      {/* the signal from the machine to the cloud */}
      <path
        d="M300 140 C 340 140, 350 110, 390 110"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeDasharray="6 7"
        opacity="0.8"
      />
      <circle cx="300" cy="140" r="5" fill="#ffffff" />
      {/* the dashboard: machines with their state and cuts */}
      <g>
        <rect x="390" y="56" width="210" height="248" rx="10" fill="#ffffff" />
        <rect x="390" y="56" width="210" height="30" rx="10" fill="#eef2f6" />
        <rect x="390" y="76" width="210" height="10" fill="#eef2f6" />
        <circle cx="408" cy="71" r="4" fill="#c3ccd6" />
        <circle cx="422" cy="71" r="4" fill="#c3ccd6" />
        <circle cx="436" cy="71" r="4" fill="#c3ccd6" />
        {[
          { color: '#2f9e44', bar: 120 },
          { color: '#f59f00', bar: 80 },
          { color: '#2f9e44', bar: 140 },
          { color: '#e03131', bar: 60 },
        ].map((row, index) => (
          <g key={row.color + String(index)} transform={`translate(0 ${102 + index * 46})`}>
            <circle cx="412" cy="12" r="7" fill={row.color} />
            <rect x="428" y="4" width="90" height="7" rx="3" fill="#5b6b7d" />
            <rect x="428" y="16" width="60" height="6" rx="3" fill="#c3ccd6" />
            <rect x="528" y="8" width="56" height="8" rx="4" fill="#eef2f6" />
            <rect
              x="528"
              y="8"
              width={(row.bar / 140) * 56}
              height="8"
              rx="4"
              fill="var(--mantine-color-steel-6)"
            />
          </g>
        ))}
      </g>
    </svg>
  );
}
