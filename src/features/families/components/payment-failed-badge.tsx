/** A failed payment, seen at a glance. */
export function PaymentFailedBadge() {
  return (
    <span className="inline-block rounded-full bg-red-100 px-3 py-1 font-semibold text-red-900">
      Payment failed
    </span>
  );
}
