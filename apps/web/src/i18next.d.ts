import 'i18next';
import type account from '../public/locales/es/account.json';
import type admin from '../public/locales/es/admin.json';
import type audit from '../public/locales/es/audit.json';
import type auth from '../public/locales/es/auth.json';
import type billing from '../public/locales/es/billing.json';
import type campaigns from '../public/locales/es/campaigns.json';
import type seats from '../public/locales/es/seats.json';
import type referrals from '../public/locales/es/referrals.json';
import type partners from '../public/locales/es/partners.json';
import type bots from '../public/locales/es/bots.json';
import type citas from '../public/locales/es/citas.json';
import type channels from '../public/locales/es/channels.json';
import type common from '../public/locales/es/common.json';
import type dashboard from '../public/locales/es/dashboard.json';
import type help from '../public/locales/es/help.json';
import type inbox from '../public/locales/es/inbox.json';
import type crm from '../public/locales/es/crm.json';
import type crmSummary from '../public/locales/es/crmSummary.json';
import type playground from '../public/locales/es/playground.json';
import type products from '../public/locales/es/products.json';
import type training from '../public/locales/es/training.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      dashboard: typeof dashboard;
      account: typeof account;
      admin: typeof admin;
      help: typeof help;
      bots: typeof bots;
      training: typeof training;
      playground: typeof playground;
      products: typeof products;
      channels: typeof channels;
      inbox: typeof inbox;
      citas: typeof citas;
      crm: typeof crm;
      crmSummary: typeof crmSummary;
      billing: typeof billing;
      audit: typeof audit;
      seats: typeof seats;
      referrals: typeof referrals;
      partners: typeof partners;
      campaigns: typeof campaigns;
    };
  }
}
