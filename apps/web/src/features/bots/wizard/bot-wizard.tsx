import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { TemplateKey } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ArrowRightIcon, BotIcon } from '../../../components/ui/icons.tsx';
import { TemplateIcon } from '../components/template-icons.tsx';
import { cardKeyOf, isCardTemplate } from '../template-labels.ts';
import { AssistantStep } from './assistant-step.tsx';
import { BusinessStep } from './business-step.tsx';
import { StyleStep } from './style-step.tsx';
import { useBotWizard } from './use-bot-wizard.ts';
import { wizardSteps } from './wizard-state.ts';
import { WizardProgress } from './wizard-progress.tsx';

/** The creation wizard: 1 the business, 2 the assistant, 3 its style; then the new bot's personalization with the tour. */
export function BotWizard(props: { template: TemplateKey; clientId: string | null; backTo: string; limit: number | null }) {
  const { t } = useTranslation(['bots', 'common']);
  const wizard = useBotWizard(props);
  const { state, form, step, lastStep, submitting } = wizard;
  if (!step) return null;
  const speciality = isCardTemplate(form.speciality) ? form.speciality : props.template;
  const specialityCard = cardKeyOf(speciality);

  return (
    <div className="mx-auto max-w-2xl animate-rise">
      <Link to={props.backTo} className="focus-ring -ms-1 inline-flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-medium text-muted hover:text-fg">
        <ArrowRightIcon className="size-4 rotate-180" />
        {t('bots:wizard.backToTemplates')}
      </Link>
      <header className="mt-3 mb-6 flex items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-brand-violet/30">
          <TemplateIcon template={speciality} className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">{t('bots:wizard.title')}</h1>
          <p className="mt-0.5 truncate text-sm text-muted">
            {t('bots:wizard.templateLabel')} <span className="font-semibold text-fg">{specialityCard ? t(`bots:${specialityCard}.title`) : speciality}</span>
          </p>
        </div>
      </header>

      <Card className="p-5 sm:p-8">
        <WizardProgress step={state.step} labels={wizardSteps.map((name) => t(`bots:wizard.steps.${name}`))} />

        <form noValidate onSubmit={wizard.onSubmit} className="mt-8">
          <h2 ref={wizard.headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
            {t(`bots:wizard.${step}.title`)}
          </h2>
          <p className="mt-1 text-pretty text-sm text-muted">{t(`bots:wizard.${step}.body`)}</p>

          {wizard.failure ? (
            <Alert tone="error" className="mt-5">
              {wizard.failure}
            </Alert>
          ) : null}

          <div className="mt-6 space-y-5">
            {step === 'business' ? <BusinessStep fields={wizard.fields} timeZone={wizard.timeZone} /> : null}
            {step === 'assistant' ? <AssistantStep fields={wizard.fields} speciality={speciality} /> : null}
            {step === 'style' ? <StyleStep fields={wizard.fields} /> : null}
          </div>

          <div className="mt-8 flex items-center justify-between gap-3 border-t border-line pt-5">
            <Button variant="ghost" onClick={wizard.previous} disabled={submitting}>
              {t('bots:wizard.back')}
            </Button>
            <Button type="submit" loading={submitting} icon={state.step < lastStep ? undefined : <BotIcon className="size-5" />}>
              {state.step < lastStep ? t('bots:wizard.next') : submitting ? t('bots:wizard.submitting') : t('bots:wizard.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
