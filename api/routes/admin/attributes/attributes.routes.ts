import { createRoute, z } from '@hono/zod-openapi';
import { CARAT, MATERIAL, SIZE, type AttributeKind } from '../../../../db/queries/admin-catalogue.ts';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { Carat, Material, Size } from '../../catalogue/catalogue.schemas.ts';
import { adminErrors, adminRoute, NoData, recordId, requiredText } from '../admin.schemas.ts';

/** One attribute's calls, as backoffice.md §7 names them. */
export interface AttributeCalls {
  kind: AttributeKind;
  /** Name field in bodies and answers ('name' or 'size_name'). */
  nameField: string;
  /** Id field ('m_id', 'size_id', 'carat_id'). */
  idField: string;
  add: string;
  update: string;
  remove: string;
  answer: z.ZodType;
}

export const ATTRIBUTE_CALLS: AttributeCalls[] = [
  { kind: MATERIAL, nameField: 'name', idField: 'm_id', add: '/addmaterial', update: '/updatematerial', remove: '/deletematerial', answer: Material },
  { kind: SIZE, nameField: 'size_name', idField: 'size_id', add: '/addsize', update: '/updatesize', remove: '/deletesize', answer: Size },
  { kind: CARAT, nameField: 'name', idField: 'carat_id', add: '/addcarat', update: '/updatecarat', remove: '/deletecarat', answer: Carat },
];

/** The add, update and delete routes of one attribute. */
export function attributeRoutes(calls: AttributeCalls) {
  const { kind, nameField, idField } = calls;
  const Name = requiredText(`${kind.label} Name is required.`, 100, `${kind.label} Name`);
  const Add = z.object({ [nameField]: Name }).openapi(`Add${kind.label}`);
  const Update = z.object({ [nameField]: Name, [idField]: recordId(idField) }).openapi(`Update${kind.label}`);
  const Remove = z.object({ [idField]: recordId(idField) });
  const lower = kind.label.toLowerCase();
  return {
    add: createRoute({
      ...adminRoute('catalogue.manage'),
      method: 'post',
      path: calls.add,
      summary: `Add a ${lower}`,
      description: `Names are unique, whatever their case (409 otherwise).`,
      request: { body: jsonBody(Add) },
      responses: { 201: jsonOk(calls.answer, `The new ${lower}.`), ...adminErrors, 409: errorResponses[409] },
    }),
    update: createRoute({
      ...adminRoute('catalogue.manage'),
      method: 'post',
      path: calls.update,
      summary: `Rename a ${lower}`,
      request: { body: jsonBody(Update) },
      responses: { 200: jsonOk(calls.answer, `The ${lower} as saved.`), ...adminErrors, 404: errorResponses[404], 409: errorResponses[409] },
    }),
    remove: createRoute({
      ...adminRoute('catalogue.manage'),
      method: 'delete',
      path: calls.remove,
      summary: `Delete a ${lower}`,
      description: `Refused with 409 while products use it.`,
      request: { query: Remove },
      responses: { 200: jsonOk(NoData, 'Deleted.'), ...adminErrors, 404: errorResponses[404], 409: errorResponses[409] },
    }),
  };
}
