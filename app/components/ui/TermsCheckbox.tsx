import { Link } from '@tanstack/react-router'

export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="mt-4 flex items-start gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-1" />
      <span>
        By checking this box, I agree to Vitrine's{' '}
        <Link to="/terms" className="text-accent underline">
          Terms of Service
        </Link>
      </span>
    </label>
  )
}
