import type { JSX } from 'react';
import {
  BookIcon,
  BoxIcon,
  CalendarIcon,
  GiftIcon,
  HelpIcon,
  KanbanIcon,
  MegaphoneIcon,
  PaletteIcon,
  UserIcon,
  UsersIcon,
  type IconProps,
} from '../../../components/ui/icons.tsx';
import type { Section } from '../../../lib/navigation.ts';

export const sectionIcons: Record<Section, (props: IconProps) => JSX.Element> = {
  personalizacion: PaletteIcon,
  crm: KanbanIcon,
  citas: CalendarIcon,
  recursos: BookIcon,
  productos: BoxIcon,
  'massive-sender': MegaphoneIcon,
  clients: UsersIcon,
  referidos: GiftIcon,
  'mi-cuenta': UserIcon,
  ayuda: HelpIcon,
};
