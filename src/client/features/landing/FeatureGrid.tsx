import { FEATURES, LANDING_COPY } from './copy';
import { LANDING_TESTIDS } from './testIds';

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto w-full max-w-6xl px-6 py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {LANDING_COPY.featuresHeading}
        </h2>
        <p className="mt-3 text-muted-foreground">{LANDING_COPY.featuresIntro}</p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, body, Icon }) => (
          <li
            key={title}
            data-testid={LANDING_TESTIDS.feature}
            className="group rounded-xl border border-border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
          >
            <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-primary ring-1 ring-primary/15">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
