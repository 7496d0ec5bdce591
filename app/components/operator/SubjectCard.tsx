import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatEther } from 'viem'
import type { QueueSubject } from '../../../server/queries/operator'
import { AddressLink } from '../AddressLink'
import { formatEth } from '../../lib/format'
import { imageAt, isVideo } from '../../lib/images'
import { Fact, Time } from './parts'

/**
 * Reported media, blurred until the moderator asks to see it: what was reported may be illegal or
 * shocking, and a hidden item's media is not shown to anyone by default, a moderator included.
 */
export function ReportedMedia({ image, name }: { image: string | null; name: string }) {
  const [shown, setShown] = useState(false)
  const box =
    'relative h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-jacarta-100 dark:bg-jacarta-700 sm:h-24 sm:w-24'
  if (!image) return <div className={box} aria-hidden="true" />
  return (
    <div className={box}>
      {isVideo(image) && !shown ? null : (
        <img
          src={imageAt(image, 128)}
          alt={shown ? name : ''}
          width={96}
          height={96}
          loading="lazy"
          className={`h-full w-full object-cover ${shown ? '' : 'scale-125 blur-xl'}`}
        />
      )}
      {!shown && (
        <button
          type="button"
          onClick={() => setShown(true)}
          className="absolute inset-0 flex items-center justify-center bg-jacarta-900/30 text-xs font-semibold text-white"
        >
          Show media
        </button>
      )}
    </div>
  )
}

/** What a queue row is about: its name and media, who owns and made it, its trades. */
export function SubjectCard({ subject }: { subject: QueueSubject | null }) {
  if (!subject) return <p className="text-sm text-jacarta-500 dark:text-jacarta-200">This no longer exists.</p>
  if (subject.kind === 'profile') {
    return (
      <div className="flex gap-4">
        <ReportedMedia image={subject.image} name={subject.username ?? subject.address} />
        <div className="min-w-0 text-sm">
          <h3 className="font-semibold">
            <Link to="/user/$address" params={{ address: subject.address }} className="hover:text-accent">
              {subject.username ?? subject.address}
            </Link>
          </h3>
          <dl className="mt-1 space-y-1">
            <Fact term="Wallet">
              <AddressLink address={subject.address} />
            </Fact>
          </dl>
        </div>
      </div>
    )
  }
  if (subject.kind === 'collection') {
    return (
      <div className="flex gap-4">
        <ReportedMedia image={subject.image} name={subject.name} />
        <div className="min-w-0 text-sm">
          <h3 className="font-semibold">
            <Link to="/collection/$slug" params={{ slug: subject.slug }} className="hover:text-accent">
              {subject.name}
            </Link>
            {subject.verified && <span className="ml-2 text-xs font-normal text-accent">Verified</span>}
          </h3>
          <dl className="mt-1 space-y-1">
            <Fact term="Creator">
              <AddressLink address={subject.creator} />
            </Fact>
            {subject.owner && (
              <Fact term="Contract owner">
                <AddressLink address={subject.owner} />
              </Fact>
            )}
            {subject.importedBy && (
              <Fact term="Added by">
                <AddressLink address={subject.importedBy} />
              </Fact>
            )}
            <Fact term="Trades">
              {subject.sales} {subject.sales === 1 ? 'sale' : 'sales'} of {subject.items}{' '}
              {subject.items === 1 ? 'item' : 'items'}
            </Fact>
          </dl>
        </div>
      </div>
    )
  }
  return (
    <div className="flex gap-4">
      <ReportedMedia image={subject.image} name={subject.name} />
      <div className="min-w-0 text-sm">
        <h3 className="font-semibold">
          <Link to="/item/$id" params={{ id: String(subject.id) }} className="hover:text-accent">
            {subject.name}
          </Link>
          <span className="ml-2 text-xs font-normal text-jacarta-500 dark:text-jacarta-300">
            in{' '}
            <Link to="/collection/$slug" params={{ slug: subject.collection.slug }} className="hover:text-accent">
              {subject.collection.name}
            </Link>
          </span>
        </h3>
        <dl className="mt-1 space-y-1">
          <Fact term="Owner">
            <AddressLink address={subject.owner} />
          </Fact>
          <Fact term="Creator">
            <AddressLink address={subject.creator} />
          </Fact>
          <Fact term="Trades">
            {subject.sales === 0 ? (
              'never sold'
            ) : (
              <>
                {subject.sales} {subject.sales === 1 ? 'sale' : 'sales'}
                {subject.lastSale && (
                  <>
                    , last {formatEth(formatEther(BigInt(subject.lastSale.priceWei)))} {subject.lastSale.currency},{' '}
                    <Time iso={subject.lastSale.at} />
                  </>
                )}
              </>
            )}
          </Fact>
        </dl>
      </div>
    </div>
  )
}
