import QRCode from "qrcode";
import { ExternalLink, Mail } from "lucide-react";
import type { ManualPaymentApp } from "@/lib/payments/public-config";

/**
 * Manual payment apps (Venmo, Cash App, Zelle): shown when the wallet is unavailable.
 * Server component: each QR code is made here with `qrcode` and sent as inline SVG, so
 * no external QR image service sees the handle or the amount and no script runs.
 */
export async function ManualPaymentApps({
  apps,
  amountLabel,
  note,
  supportEmail,
}: {
  apps: ManualPaymentApp[];
  /** "$10.00" */
  amountLabel: string;
  /** "Consumer Plan" */
  note: string;
  supportEmail: string;
}) {
  const mail = (
    <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline underline-offset-2">
      {supportEmail}
    </a>
  );
  if (apps.length === 0) {
    return (
      <section aria-labelledby="manual-pay-heading" className="grid gap-2 rounded-lg border bg-white p-5" data-testid="manual-apps">
        <h3 id="manual-pay-heading" className="font-semibold text-brand-navy">
          Other ways to pay
        </h3>
        <p className="text-sm text-slate-700">
          Manual payment is not set up yet. Email {mail} and we will help you pay for the {note} ({amountLabel}).
        </p>
      </section>
    );
  }
  const codes = await Promise.all(
    apps.map((app) => QRCode.toString(app.payUrl ?? app.handle, { type: "svg", margin: 1, errorCorrectionLevel: "M" })),
  );
  return (
    <section aria-labelledby="manual-pay-heading" className="grid gap-4" data-testid="manual-apps">
      <div>
        <h3 id="manual-pay-heading" className="font-semibold text-brand-navy">
          Pay with a payment app
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Send exactly <strong>{amountLabel}</strong> with the note <strong>&lsquo;{note}&rsquo;</strong>, then email {mail} from the
          address you want your alerts at. We activate your plan as soon as the payment arrives.
        </p>
      </div>
      <ul className="grid gap-4">
        {apps.map((app, i) => (
          <li
            key={app.app}
            className="grid items-center gap-4 rounded-lg border bg-white p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
            data-testid={`manual-app-${app.app}`}
          >
            <div
              role="img"
              aria-label={`QR code to pay ${amountLabel} to ${app.handle} with ${app.app}`}
              className="mx-auto size-32 rounded bg-white [&>svg]:size-full"
              dangerouslySetInnerHTML={{ __html: codes[i] ?? "" }}
            />
            <div className="grid gap-2">
              <h4 className="text-base font-semibold text-brand-navy">{app.app}</h4>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Send to</dt>
                <dd className="break-words font-mono font-semibold">{app.handle}</dd>
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="font-semibold">{amountLabel}</dd>
                <dt className="text-muted-foreground">Note</dt>
                <dd>{note}</dd>
              </dl>
              {app.payUrl ? (
                <a
                  href={app.payUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex w-fit items-center gap-1 font-medium text-primary underline underline-offset-2"
                >
                  Open {app.app}
                  <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Mail aria-hidden className="size-4 shrink-0" />
        <span>Questions about paying? Email {mail}.</span>
      </p>
    </section>
  );
}
