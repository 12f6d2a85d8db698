/** Line icons the back office needs beyond the shop's set (same 24 px grid and stroke as web/components/Icon.tsx). */
const PATHS = {
  dashboard: 'M4 4h7v8H4zM13 4h7v5h-7zM13 11h7v9h-7zM4 14h7v6H4z',
  category: 'M3.5 12.5V4h8.5l8.5 8.5-8.5 8.5-8.5-8.5ZM8 8.5h.01',
  material: 'M6.5 4h11l3.5 5-9 11-9-11 3.5-5Zm-3.5 5h18',
  size: 'M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-4a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  carat: 'M12 3l2.2 5.6L20 9.3l-4.4 3.9L17 19l-5-3-5 3 1.4-5.8L4 9.3l5.8-.7L12 3Z',
  product: 'M5 8h14l-1.2 12H6.2L5 8Zm3.5 0V6.5a3.5 3.5 0 0 1 7 0V8',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c.7-3 3.1-5 6-5s5.3 2 6 5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 15c1.5.6 2.6 2.2 3 5',
  orders: 'M6 3.5h12v17l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5v-17ZM9 8h6M9 12h6M9 16h3',
  payments: 'M3 6h18v12H3zM3 10h18M6.5 14.5h4',
  contacts: 'M3.5 6h17v12h-17zM3.5 6.5l8.5 6.5 8.5-6.5',
  reviews: 'M4 5h16v11H9l-5 4V5Zm4 4h8M8 12h5',
  sliders: 'M3.5 5h17v14h-17zM3.5 15l5-5 4 4 3-3 5 5M15.5 9.5h.01',
  shipping: 'M3 6.5h11v9H3zM14 9.5h4l3 3v3h-7zM6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01',
  coupon: 'M3.5 8V5.5h17V8a2.5 2.5 0 0 0 0 5v2.5h-17V13a2.5 2.5 0 0 0 0-5ZM9 15.5l6-7M9.5 9h.01M14.5 14h.01',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  edit: 'M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4',
  trash: 'M4.5 7h15M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  toggleOn: 'M7 7h10a5 5 0 0 1 0 10H7A5 5 0 0 1 7 7Zm10 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  toggleOff: 'M7 7h10a5 5 0 0 1 0 10H7A5 5 0 0 1 7 7Zm0 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  arrowLeft: 'M19 12H5m6-6-6 6 6 6',
  arrowRight: 'M5 12h14m-6-6 6 6-6 6',
  upload: 'M12 16V4m-5 5 5-5 5 5M4.5 15v4.5h15V15',
  refresh: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4.5H15',
  video: 'M3.5 6.5h12v11h-12zM15.5 10.5l5-3v9l-5-3',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Zm4.6-1.9L20 20',
  audit: 'M9 4h6v3H9zM7 5.5H4.5v15h15v-15H17M8 11.5h8M8 15.5h5',
  staff: 'M5 3.5h14v17H5zM9.5 3.5v2h5v-2M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM8 17.5c.6-1.8 2.1-3 4-3s3.4 1.2 4 3',
} as const;

export type AdminIconName = keyof typeof PATHS;

/** One decorative back-office icon (labels go on the button that holds it). */
export function AdminIcon({ name, size = 18 }: { name: AdminIconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
